/**
 * One stream per purchase (`invoice-<purchaseId>`): the buyer's request, the invoice, its corrections (one per
 * refund) and what KSeF answered for each document. The stream's version decides races: two requests, two workers
 * issuing, a refund's correction and a second correction of the same refund all end in one document each.
 *
 * The buyer's data is copied onto the request and the documents as given. It stays after the account is erased: an
 * invoice must be kept until the end of the fifth year after its tax year (VAT Act Art. 112; GDPR Art. 17(3)(b)).
 */
import { DomainError, type Concerns, type Decider } from '../shared/kernel/index.ts';
import { composeCorrection, composeInvoice, type SaleFacts } from './compose.ts';
import type { BuyerParty, InvoiceDocument, InvoiceLine, Language } from './document.ts';
import { checkNip } from '../shared/text/index.ts';
import type { SellerSettings } from './seller.ts';

export type KsefAnswer =
  | { status: 'accepted'; ksefNumber: string; referenceNumber: string; acquiredAt: string; upo: string }
  | { status: 'rejected'; code: number; description: string; details: string[] };

export type InvoiceRequested = {
  type: 'InvoiceRequested';
  data: { purchaseId: string; userId: string; buyer: BuyerParty; language: Language; via: 'checkout' | 'later'; at: string };
};
/** `xml`: the FA(3) document as issued (buyer with a NIP), kept as it is: its SHA-256 is what the QR code and KSeF know. */
export type InvoiceIssued = { type: 'InvoiceIssued'; data: { userId: string; document: InvoiceDocument; xml: string | null } };
export type CorrectionIssued = { type: 'CorrectionIssued'; data: { userId: string; refundId: string; document: InvoiceDocument; xml: string | null } };
export type KsefAccepted = { type: 'KsefAccepted'; data: { invoiceId: string; ksefNumber: string; referenceNumber: string; acquiredAt: string; upo: string } };
export type KsefRejected = { type: 'KsefRejected'; data: { invoiceId: string; code: number; description: string; details: string[]; at: string } };
/** The admin sends a document again (after a refusal, or once the outbox gave up). */
export type KsefResubmitted = { type: 'KsefResubmitted'; data: { invoiceId: string; attempt: number; at: string } };
export type InvoiceEvent = InvoiceRequested | InvoiceIssued | CorrectionIssued | KsefAccepted | KsefRejected | KsefResubmitted;

export type KsefState = { status: 'none' | 'queued' | 'accepted' | 'rejected'; ksefNumber: string | null; attempts: number };
export type IssuedDocument = { document: InvoiceDocument; xml: string | null; ksef: KsefState };
export type InvoiceState = {
  request: InvoiceRequested['data'] | null;
  invoice: IssuedDocument | null;
  /** By refund id. */
  corrections: Record<string, IssuedDocument>;
  /** The invoice's lines as they stand after every correction. */
  currentLines: InvoiceLine[];
};

export type RequestInvoice = { type: 'RequestInvoice'; request: InvoiceRequested['data'] };
/** `numbered` comes from the command's prepare (the locked counter); `toXml` renders FA(3) for a buyer with a NIP. */
export type IssueInvoice = {
  type: 'IssueInvoice'; sale: SaleFacts; seller: SellerSettings; numbered: { invoiceId: string; number: string; issuedAt: string } | null;
};
export type IssueCorrection = {
  type: 'IssueCorrection'; refundId: string; refundMinor: number; seller: SellerSettings; numbered: { invoiceId: string; number: string; issuedAt: string } | null;
};
export type RecordKsefAnswer = { type: 'RecordKsefAnswer'; invoiceId: string; answer: KsefAnswer; at: string };
export type ResubmitToKsef = { type: 'ResubmitToKsef'; invoiceId: string; at: string };
export type InvoiceCommand = RequestInvoice | IssueInvoice | IssueCorrection | RecordKsefAnswer | ResubmitToKsef;

export const invoiceStream = (purchaseId: string) => `invoice-${purchaseId}`;

const ksefQueued = (xml: string | null): KsefState => ({ status: xml ? 'queued' : 'none', ksefNumber: null, attempts: xml ? 1 : 0 });

/** Every document of the stream, by id (the invoice first, then corrections in order). */
export const documentsOf = (state: InvoiceState): IssuedDocument[] => (state.invoice ? [state.invoice, ...Object.values(state.corrections)] : []);
const withDocument = (state: InvoiceState, invoiceId: string, change: (d: IssuedDocument) => IssuedDocument): InvoiceState => {
  if (state.invoice?.document.invoiceId === invoiceId) return { ...state, invoice: change(state.invoice) };
  const entry = Object.entries(state.corrections).find(([, d]) => d.document.invoiceId === invoiceId);
  return entry ? { ...state, corrections: { ...state.corrections, [entry[0]]: change(entry[1]) } } : state;
};

export function evolve(state: InvoiceState, event: InvoiceEvent): InvoiceState {
  switch (event.type) {
    case 'InvoiceRequested': return { ...state, request: event.data };
    case 'InvoiceIssued': return { ...state, invoice: { document: event.data.document, xml: event.data.xml, ksef: ksefQueued(event.data.xml) }, currentLines: event.data.document.lines };
    case 'CorrectionIssued': return {
      ...state, currentLines: event.data.document.lines,
      corrections: { ...state.corrections, [event.data.refundId]: { document: event.data.document, xml: event.data.xml, ksef: ksefQueued(event.data.xml) } },
    };
    case 'KsefAccepted': return withDocument(state, event.data.invoiceId, (d) => ({ ...d, ksef: { ...d.ksef, status: 'accepted', ksefNumber: event.data.ksefNumber } }));
    case 'KsefRejected': return withDocument(state, event.data.invoiceId, (d) => ({ ...d, ksef: { ...d.ksef, status: 'rejected' } }));
    case 'KsefResubmitted': return withDocument(state, event.data.invoiceId, (d) => ({ ...d, ksef: { ...d.ksef, status: 'queued', attempts: event.data.attempt } }));
    default: { const never: never = event; return never; }
  }
}

/** The FA(3) renderer is handed in (fa3.ts), so the decider stays a function of its command and state. */
export type RenderXml = (document: InvoiceDocument) => string;

export function decide(command: InvoiceCommand, state: InvoiceState, toXml: RenderXml): InvoiceEvent[] {
  switch (command.type) {
    case 'RequestInvoice':
      if (state.request || state.invoice) throw new DomainError('invoice-already-requested');
      refuseBuyer(command.request.buyer);
      return [{ type: 'InvoiceRequested', data: command.request }];
    case 'IssueInvoice': {
      if (state.invoice) return [];
      if (!state.request) throw new DomainError('invoice-not-requested');
      if (!command.numbered) throw new DomainError('invoice-number-missing');
      const document = composeInvoice({ sale: command.sale, seller: command.seller, buyer: state.request.buyer, language: state.request.language, numbered: command.numbered });
      return [{ type: 'InvoiceIssued', data: { userId: command.sale.userId, document, xml: document.buyer.nip ? toXml(document) : null } }];
    }
    case 'IssueCorrection': {
      // No invoice, no correction: the refund of a purchase invoiced later is corrected when the invoice is issued.
      if (!state.invoice || state.corrections[command.refundId] || command.refundMinor <= 0) return [];
      if (!command.numbered) throw new DomainError('invoice-number-missing');
      const document = composeCorrection({
        original: state.invoice.document, originalKsefNumber: state.invoice.ksef.ksefNumber, linesBefore: state.currentLines,
        refundMinor: command.refundMinor, seller: command.seller, numbered: command.numbered, language: state.request?.language ?? state.invoice.document.language,
      });
      return [{ type: 'CorrectionIssued', data: { userId: userOf(state), refundId: command.refundId, document, xml: document.buyer.nip ? toXml(document) : null } }];
    }
    case 'RecordKsefAnswer': {
      const doc = documentsOf(state).find((d) => d.document.invoiceId === command.invoiceId);
      if (!doc) throw new DomainError('invoice-not-found');
      if (doc.ksef.status !== 'queued') return [];
      const a = command.answer;
      return a.status === 'accepted'
        ? [{ type: 'KsefAccepted', data: { invoiceId: command.invoiceId, ksefNumber: a.ksefNumber, referenceNumber: a.referenceNumber, acquiredAt: a.acquiredAt, upo: a.upo } }]
        : [{ type: 'KsefRejected', data: { invoiceId: command.invoiceId, code: a.code, description: a.description, details: a.details, at: command.at } }];
    }
    case 'ResubmitToKsef': {
      const doc = documentsOf(state).find((d) => d.document.invoiceId === command.invoiceId);
      if (!doc) throw new DomainError('invoice-not-found');
      if (!doc.xml) throw new DomainError('invoice-not-for-ksef');
      if (doc.ksef.status === 'accepted') throw new DomainError('invoice-ksef-accepted');
      return [{ type: 'KsefResubmitted', data: { invoiceId: command.invoiceId, attempt: doc.ksef.attempts + 1, at: command.at } }];
    }
    default: { const never: never = command; return never; }
  }
}

/** The module checks the buyer again, whatever the edge let through: a name and address, and a NIP that passes its checksum. */
function refuseBuyer(buyer: BuyerParty): void {
  if (buyer.nip !== null && !checkNip(buyer.nip).ok) throw new DomainError('invoice-nip-invalid');
  const a = buyer.address;
  const texts = [buyer.name, a.street, a.postalCode, a.city, a.country];
  if (texts.some((t) => t.trim() === '' || t.length > 300 || /\p{Cc}/u.test(t))) throw new DomainError('invoice-buyer-invalid');
}

const userOf = (state: InvoiceState): string => state.request?.userId ?? '';

/** Whether the next command would issue a numbered document: its prepare takes a number only then. */
export function needsNumber(command: InvoiceCommand, state: InvoiceState): boolean {
  if (command.type === 'IssueInvoice') return !state.invoice && Boolean(state.request);
  if (command.type === 'IssueCorrection') return Boolean(state.invoice) && !state.corrections[command.refundId] && command.refundMinor > 0;
  return false;
}

/** Every document's events concern its buyer (their My Recordings lists it); KSeF's answers too, found in the state. */
export const invoiceStreamConcerns: { concerns: Concerns<InvoiceEvent, InvoiceState> } = {
  concerns: {
    InvoiceRequested: (e) => [e.data.userId],
    InvoiceIssued: (e) => [e.data.userId],
    CorrectionIssued: (e) => [e.data.userId],
    KsefAccepted: (_e, s) => [userOf(s)],
    KsefRejected: (_e, s) => [userOf(s)],
    KsefResubmitted: (_e, s) => [userOf(s)],
  },
};

export function invoiceDecider(toXml: RenderXml): Decider<InvoiceCommand, InvoiceEvent, InvoiceState> {
  return {
    initialState: () => ({ request: null, invoice: null, corrections: {}, currentLines: [] }),
    evolve,
    decide: (command, state) => decide(command, state, toXml),
    concerns: invoiceStreamConcerns.concerns,
  };
}
