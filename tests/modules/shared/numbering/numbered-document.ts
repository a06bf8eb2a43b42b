import { allocateNumber, formatNumber } from '../../../../modules/shared/numbering/index.ts';
import { DomainError, handleCommand, nobody, type CommandDeps, type CommandOptions, type Decider } from '../../../../modules/shared/kernel/index.ts';

/**
 * A numbered document as invoices, corrections and certificates will be: the command carries the number `prepare`
 * took from the counter, in the transaction that records the event. Test code only (no product decider).
 */
export type IssueNumberedDocument = { type: 'IssueNumberedDocument'; documentId: string; series: string; year: number; number: number | null; refuse?: boolean };
export type NumberedDocumentIssued = { type: 'NumberedDocumentIssued'; data: { documentId: string; number: string } };
export type NumberedDocumentState = { number: string | null };

export const numberedDocument: Decider<IssueNumberedDocument, NumberedDocumentIssued, NumberedDocumentState> = {
  initialState: () => ({ number: null }),
  concerns: { NumberedDocumentIssued: nobody },
  evolve: (_state, event) => ({ number: event.data.number }),
  decide(command, state) {
    // Issued once: asking again records nothing (and, through the kernel, keeps no number).
    if (state.number) return [];
    if (command.refuse) throw new DomainError('document-refused');
    if (command.number === null) throw new Error('no number was taken');
    return [{ type: 'NumberedDocumentIssued', data: { documentId: command.documentId, number: formatNumber(command.series, command.year, command.number) } }];
  },
};

type Options = CommandOptions<IssueNumberedDocument, NumberedDocumentIssued, NumberedDocumentState>;

/** Issues a document through the kernel, its number taken in `prepare`; `opts` adds to (or wraps) that prepare. */
export async function issueDocument(
  deps: CommandDeps, documentId: string, series: string, year: number, extra: Omit<Options, 'prepare'> & { refuse?: boolean; afterNumber?: Options['prepare'] } = {},
): Promise<string | null> {
  const { refuse, afterNumber, ...opts } = extra;
  const { state, events } = await handleCommand(deps, numberedDocument, `numbered-${documentId}`,
    { type: 'IssueNumberedDocument', documentId, series, year, number: null, refuse }, {
      ...opts,
      async prepare(tx, cmd, current) {
        // Taken even when the document exists already: the kernel must give it back when nothing is decided.
        const taken = { ...cmd, number: await allocateNumber(tx, cmd.series, cmd.year) };
        return afterNumber ? afterNumber(tx, taken, current) : taken;
      },
    });
  return events.length > 0 ? state.number : null;
}
