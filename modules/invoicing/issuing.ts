/**
 * Issuing: a request (at checkout, or later from My Recordings), the invoice once the payment is recorded, a
 * correction for each refund, each in its own transaction that takes its number from the locked counter. The
 * PDF is never rendered inside that transaction (the series' lock is held until it commits): the mail that carries
 * it is a message of its own (INVOICE_TOPICS.mail), rendered by the worker after the commit.
 */
import type { Kysely } from 'kysely';
import { DomainError, handleCommand, loadState, type Clock, type IdSource } from '../shared/kernel/index.ts';
import type { EventMetadata, EventStore, OutboxMessage } from '../shared/events/index.ts';
import { takeDocumentNumber } from '../shared/numbering/index.ts';
import { laterRequestDeadline, type SaleFacts } from './compose.ts';
import type { BuyerParty, Language } from './document.ts';
import { invoiceDecider, invoiceStream, needsNumber, type InvoiceCommand, type InvoiceEvent, type InvoiceRequested, type InvoiceState, type RenderXml } from './invoice.ts';
import type { SellerSettings } from './seller.ts';
import { INVOICE_TOPICS } from './topics.ts';

/** A purchase as invoicing needs it (purchases' port); refunds are the completed ones with their amounts. */
export type SaleRecord = {
  purchaseId: string; userId: string; productKey: string; paid: boolean; currency: SaleFacts['currency'];
  paidMinor: number; paidAt: string | null; refunds: { refundId: string; amountMinor: number }[];
};

export type IssuingDeps = {
  db: Kysely<any>;
  store: EventStore;
  clock: Clock;
  ids: IdSource;
  toXml: RenderXml;
  ksefEnabled: boolean;
  sale(purchaseId: string): Promise<SaleRecord | null>;
  productTitle(productKey: string): Promise<{ pl: string; en: string } | null>;
  productVat(productKey: string): Promise<SaleFacts['vat']>;
  seller(): Promise<{ settings: SellerSettings; ready: boolean }>;
};

/** What a request names: the buyer on the invoice and the language of the PDF mailed. */
export type InvoiceRequestInput = { purchaseId: string; userId: string; buyer: BuyerParty; language: Language };

export function issuingHandlers(deps: IssuingDeps) {
  const decider = invoiceDecider(deps.toXml);
  const kernel = { db: deps.db, store: deps.store };
  const now = () => deps.clock().toISOString();
  const load = async (purchaseId: string) => (await loadState(kernel, decider, invoiceStream(purchaseId))).state;

  /** After a document commits: its mail, and (with KSeF on, for a buyer with a NIP) its submission. */
  const effects = (purchaseId: string) => (events: InvoiceEvent[]): OutboxMessage[] => events.flatMap((e) => {
    if (e.type !== 'InvoiceIssued' && e.type !== 'CorrectionIssued') return [];
    const invoiceId = e.data.document.invoiceId;
    const mail = { topic: INVOICE_TOPICS.mail, dedupeKey: `invoice-mail:${invoiceId}`, payload: { purchaseId, invoiceId } };
    const ksef = deps.ksefEnabled && e.data.xml
      ? [{ topic: INVOICE_TOPICS.ksef, dedupeKey: `invoice-ksef:${invoiceId}:1`, payload: { purchaseId, invoiceId } }] : [];
    return [mail, ...ksef];
  });

  /** Runs a numbered command: the number is taken in its transaction, and only if it will issue (series by kind). */
  async function numbered(purchaseId: string, command: InvoiceCommand, series: string, metadata: EventMetadata) {
    return handleCommand(kernel, decider, invoiceStream(purchaseId), command, {
      metadata, outbox: effects(purchaseId),
      async prepare(tx, cmd, state) {
        if (!needsNumber(cmd, state) || (cmd.type !== 'IssueInvoice' && cmd.type !== 'IssueCorrection')) return cmd;
        const issuedAt = deps.clock();
        const taken = await takeDocumentNumber(tx, series, issuedAt);
        return { ...cmd, numbered: { invoiceId: deps.ids(), number: taken.number, issuedAt: issuedAt.toISOString() } };
      },
    });
  }

  async function readySeller() {
    const seller = await deps.seller();
    if (!seller.ready) throw new DomainError('invoicing-not-ready');
    return seller.settings;
  }

  /** Corrections for every completed refund the invoice does not reflect yet, one document each. */
  async function correctRefunds(purchaseId: string, metadata: EventMetadata = { actor: 'invoicing' }): Promise<number> {
    const [state, sale] = await Promise.all([load(purchaseId), deps.sale(purchaseId)]);
    if (!state.invoice || !sale) return 0;
    const due = sale.refunds.filter((r) => !state.corrections[r.refundId] && r.amountMinor > 0);
    if (due.length === 0) return 0;
    const seller = await readySeller();
    let issued = 0;
    for (const refund of due) {
      const { events } = await numbered(purchaseId, { type: 'IssueCorrection', refundId: refund.refundId, refundMinor: refund.amountMinor, seller, numbered: null }, seller.series.correction, metadata);
      issued += events.length;
    }
    return issued;
  }

  /** The invoice of a paid purchase whose buyer asked for one; then the corrections of refunds made before it. Idempotent. */
  async function issue(purchaseId: string, metadata: EventMetadata = { actor: 'invoicing' }): Promise<InvoiceState> {
    const state = await load(purchaseId);
    if (!state.request) throw new DomainError('invoice-not-requested');
    if (!state.invoice) {
      const sale = await deps.sale(purchaseId);
      if (!sale?.paid || !sale.paidAt) throw new DomainError('invoice-not-paid');
      const [title, vat, seller] = await Promise.all([deps.productTitle(sale.productKey), deps.productVat(sale.productKey), readySeller()]);
      const facts: SaleFacts = {
        purchaseId, userId: sale.userId, productKey: sale.productKey, title: title ?? { pl: sale.productKey, en: sale.productKey },
        currency: sale.currency, paidMinor: sale.paidMinor, paidAt: sale.paidAt, vat,
      };
      await numbered(purchaseId, { type: 'IssueInvoice', sale: facts, seller, numbered: null }, seller.series.invoice, metadata);
    }
    await correctRefunds(purchaseId, metadata);
    return load(purchaseId);
  }

  const requestOf = (input: InvoiceRequestInput, via: InvoiceRequested['data']['via']): InvoiceCommand => ({
    type: 'RequestInvoice', request: { purchaseId: input.purchaseId, userId: input.userId, buyer: input.buyer, language: input.language, via, at: now() },
  });

  return {
    issue,
    correctRefunds,
    load,
    decider,
    /**
     * A checkout's request, recorded in the checkout's own transaction (purchases' port), so a purchase and its
     * request commit together; the invoice follows the payment (INVOICE_TOPICS.issue).
     */
    async requestAtCheckout(input: InvoiceRequestInput, tx: Kysely<any>, metadata: EventMetadata) {
      return (await handleCommand(kernel, decider, invoiceStream(input.purchaseId), requestOf(input, 'checkout'), { tx: tx as never, metadata })).recorded;
    },
    /**
     * A request for a purchase already paid (My Recordings), issued at once. Refuses `invoice-purchase-not-found`
     * (none, or another buyer's), `invoice-not-paid`, `invoice-request-too-late` (past Art. 106b ust. 3's three months),
     * `invoicing-not-ready`, `invoice-already-requested`; a refused request takes no number.
     */
    async requestLater(input: InvoiceRequestInput, metadata: EventMetadata): Promise<InvoiceState> {
      const sale = await deps.sale(input.purchaseId);
      if (!sale || sale.userId !== input.userId) throw new DomainError('invoice-purchase-not-found');
      if (!sale.paid || !sale.paidAt) throw new DomainError('invoice-not-paid');
      if (deps.clock() >= laterRequestDeadline(sale.paidAt)) throw new DomainError('invoice-request-too-late', { deadline: laterRequestDeadline(sale.paidAt).toISOString() });
      await readySeller();
      if (input.buyer.nip !== null && sale.currency !== 'PLN') throw new DomainError('invoice-currency-nip');
      await handleCommand(kernel, decider, invoiceStream(input.purchaseId), requestOf(input, 'later'), { metadata });
      return issue(input.purchaseId, metadata);
    },
  };
}

export type Issuing = ReturnType<typeof issuingHandlers>;
