/**
 * Invoicing's documents in the audit trail (issue 23): a request, an invoice or correction issued, and what KSeF
 * answered. Unlike the rest of the trail these name the buyer: the name and NIP are printed on the invoice itself,
 * which the law keeps for five years (VAT Act Art. 112), so the entry reads them from the event, not from the account.
 */
export type InvoiceAuditSubject =
  | { kind: 'invoiceRequested'; purchaseId: string; buyerName: string; nip: string | null; via: 'checkout' | 'later' }
  /** `amount`: the document's gross in whole units of its currency (negative for a correction that gives back). */
  | { kind: 'invoiceIssued'; invoiceId: string; number: string; buyerName: string; nip: string | null; amount: number; currency: string }
  | { kind: 'correctionIssued'; invoiceId: string; number: string; corrects: string; buyerName: string; nip: string | null; amount: number; currency: string }
  /** `number`: the document's own number, looked up by its id (null when the log holds no such document). */
  | { kind: 'ksefAccepted'; invoiceId: string; number: string | null; ksefNumber: string }
  | { kind: 'ksefRejected'; invoiceId: string; number: string | null; code: number | null; description: string }
  | { kind: 'ksefResubmitted'; invoiceId: string; number: string | null; attempt: number | null };

export const INVOICE_EVENT_TYPES = ['InvoiceRequested', 'InvoiceIssued', 'CorrectionIssued', 'KsefAccepted', 'KsefRejected', 'KsefResubmitted'] as const;
export const ISSUED_TYPES = ['InvoiceIssued', 'CorrectionIssued'] as const;

type Data = Record<string, unknown>;
const text = (d: Data, k: string): string | null => (typeof d[k] === 'string' ? d[k] : null);
const number = (d: Data, k: string): number | null => (typeof d[k] === 'number' && Number.isFinite(d[k]) ? d[k] : null);
const record = (d: Data, k: string): Data => (d[k] !== null && typeof d[k] === 'object' ? d[k] as Data : {});

/** The subject of one invoicing event, or null for another event; tolerant of missing fields like the rest of the trail. */
export function invoiceSubjectOf(type: string, d: Data, numberOf: (invoiceId: string) => string | null): InvoiceAuditSubject | null {
  switch (type) {
    case 'InvoiceRequested': {
      const buyer = record(d, 'buyer');
      return { kind: 'invoiceRequested', purchaseId: text(d, 'purchaseId') ?? '', buyerName: text(buyer, 'name') ?? '', nip: text(buyer, 'nip'),
        via: text(d, 'via') === 'later' ? 'later' : 'checkout' };
    }
    case 'InvoiceIssued':
    case 'CorrectionIssued': {
      const doc = record(d, 'document');
      const buyer = record(doc, 'buyer');
      const common = { invoiceId: text(doc, 'invoiceId') ?? '', number: text(doc, 'number') ?? '', buyerName: text(buyer, 'name') ?? '', nip: text(buyer, 'nip'),
        amount: (number(record(doc, 'totals'), 'grossMinor') ?? 0) / 100, currency: text(doc, 'currency') ?? '' };
      return type === 'InvoiceIssued' ? { kind: 'invoiceIssued', ...common }
        : { kind: 'correctionIssued', ...common, corrects: text(record(doc, 'correction'), 'number') ?? '' };
    }
    case 'KsefAccepted': {
      const invoiceId = text(d, 'invoiceId') ?? '';
      return { kind: 'ksefAccepted', invoiceId, number: numberOf(invoiceId), ksefNumber: text(d, 'ksefNumber') ?? '' };
    }
    case 'KsefRejected': {
      const invoiceId = text(d, 'invoiceId') ?? '';
      return { kind: 'ksefRejected', invoiceId, number: numberOf(invoiceId), code: number(d, 'code'), description: text(d, 'description') ?? '' };
    }
    case 'KsefResubmitted': {
      const invoiceId = text(d, 'invoiceId') ?? '';
      return { kind: 'ksefResubmitted', invoiceId, number: numberOf(invoiceId), attempt: number(d, 'attempt') };
    }
    default:
      return null;
  }
}
