/**
 * The outbox topics of invoicing. `issue` and `correct` are written by purchases (a paid purchase whose checkout asked
 * for an invoice; a completed refund), the others by invoicing itself, after a document commits.
 */
export const INVOICE_TOPICS = {
  issue: 'invoice-issue',
  correct: 'invoice-correct',
  mail: 'invoice-mail',
  ksef: 'invoice-ksef',
} as const;

/** What `issue` and `correct` carry: the purchase whose invoice is due or whose refund needs a correction. */
export type InvoiceDuePayload = { purchaseId: string };
