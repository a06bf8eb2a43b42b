/**
 * What happens after a document commits, from the outbox: its mail with the PDF, and its submission to KSeF. Both
 * run outside the numbered transaction and are retried until they succeed; neither changes the document.
 */
import type { Kysely } from 'kysely';
import { escapeHtml, mailMessage } from '../mailing/index.ts';
import { handleCommand, type Clock, type Decider } from '../shared/kernel/index.ts';
import { addToOutbox } from '../shared/outbox/index.ts';
import { fillTemplate } from '../shared/text/index.ts';
import type { EventStore } from '../shared/events/index.ts';
import type { InvoiceDocument } from './document.ts';
import { ksefQrLabel, ksefVerificationUrl } from './ksef-qr.ts';
import { documentsOf, invoiceStream, type InvoiceCommand, type InvoiceEvent, type InvoiceState, type IssuedDocument } from './invoice.ts';
import type { KsefOutcome } from './ksef/client.ts';
import { KsefUnavailable } from './ksef/http.ts';
import { invoiceMailTexts } from './mail-texts.ts';
import { renderInvoicePdf } from './pdf.ts';

/** The QR code's link and the label under it, for a document that has FA(3) XML; null for one that has none. */
export function ksefMark(issued: IssuedDocument, qrBase: string): { url: string; label: string } | null {
  if (!issued.xml) return null;
  const d = issued.document;
  return { url: ksefVerificationUrl(qrBase, d.seller.nip, d.issueDate, issued.xml), label: ksefQrLabel(issued.ksef.ksefNumber) };
}

/** The PDF of an issued document as it stands now (the label under the QR code follows KSeF's answer). */
export const pdfOf = (issued: IssuedDocument, qrBase: string): Promise<Buffer> =>
  renderInvoicePdf(issued.document, { language: issued.document.language, ksef: ksefMark(issued, qrBase) });

/** `FV/2026/000001` → `FV-2026-000001.pdf`. */
export const pdfName = (document: Pick<InvoiceDocument, 'number'>) => `${document.number.replaceAll('/', '-')}.pdf`;

export type DeliveryDeps = {
  db: Kysely<any>;
  store: EventStore;
  clock: Clock;
  qrBase: string;
  siteName: string;
  decider: Decider<InvoiceCommand, InvoiceEvent, InvoiceState>;
  load(purchaseId: string): Promise<InvoiceState>;
  buyerEmail(userId: string): Promise<string | null>;
  libraryUrl(): string;
  /** null with KSeF off: a queued submission then waits, untouched, for it to be switched on. */
  submit: ((xml: string) => Promise<KsefOutcome>) | null;
};

type DocumentPayload = { purchaseId: string; invoiceId: string };
const parse = (payload: unknown): DocumentPayload => payload as DocumentPayload;

export function deliveryHandlers(deps: DeliveryDeps) {
  const find = async (payload: DocumentPayload) => {
    const state = await deps.load(payload.purchaseId);
    return { state, issued: documentsOf(state).find((d) => d.document.invoiceId === payload.invoiceId) ?? null };
  };

  return {
    /** Renders the PDF and queues the mail that carries it (once per document: the mail's dedupe key is the document's). */
    async mail(payload: unknown): Promise<void> {
      const { state, issued } = await find(parse(payload));
      if (!issued || !state.request) return;
      const to = await deps.buyerEmail(state.request.userId);
      if (!to) return; // the account was erased: the document stays, nobody is left to mail it to
      const d = issued.document;
      const t = invoiceMailTexts[d.language];
      const vars = { number: d.number, original: d.correction?.number ?? '', title: d.lines[0]?.name[d.language] ?? '', url: deps.libraryUrl(), site: deps.siteName };
      const lines = [t.greeting, '', fillTemplate(d.kind === 'invoice' ? t.invoiceBody : t.correctionBody, vars), fillTemplate(t.download, vars), '', fillTemplate(t.signature, vars)];
      const pdf = await pdfOf(issued, deps.qrBase);
      const text = lines.join('\n');
      const html = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
      await addToOutbox(deps.db, [mailMessage(`invoice:${d.invoiceId}`, {
        to, subject: fillTemplate(d.kind === 'invoice' ? t.invoiceSubject : t.correctionSubject, vars), text, html,
        attachments: [{ filename: pdfName(d), contentType: 'application/pdf', content: pdf.toString('base64'), encoding: 'base64' }],
      })]);
    },

    /** Sends the FA(3) XML as issued; KSeF's answer (number and UPO, or its refusal) is recorded; unavailable: retried. */
    async ksef(payload: unknown): Promise<void> {
      const p = parse(payload);
      if (!deps.submit) throw new KsefUnavailable('KSeF is not configured (KSEF_URL): the submission waits', 'unreachable');
      const { issued } = await find(p);
      if (!issued?.xml || issued.ksef.status !== 'queued') return;
      const answer = await deps.submit(issued.xml);
      await handleCommand({ db: deps.db, store: deps.store }, deps.decider, invoiceStream(p.purchaseId),
        { type: 'RecordKsefAnswer', invoiceId: p.invoiceId, answer, at: deps.clock().toISOString() }, { metadata: { actor: 'ksef' } });
    },
  };
}
