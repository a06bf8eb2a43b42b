import type { ColumnType } from 'kysely';

/**
 * The invoices read model (a projection of the invoice streams): one row per document, invoice or correction, with
 * what the panel filters and lists by. The document itself is read from its event when it is rendered.
 */
export interface InvoicesTable {
  invoice_id: string;
  purchase_id: string;
  user_id: string;
  kind: 'invoice' | 'correction';
  number: string;
  issued_at: ColumnType<Date, Date | string, never>;
  /** yyyy-mm of the issue date in Warsaw: the accountant's month. */
  month: string;
  buyer_name: string;
  buyer_nip: string | null;
  currency: string;
  net_minor: ColumnType<number, number, never>;
  vat_minor: ColumnType<number, number, never>;
  gross_minor: ColumnType<number, number, never>;
  /** The invoice a correction corrects (its number). */
  corrects: string | null;
  ksef_status: 'none' | 'queued' | 'accepted' | 'rejected';
  ksef_number: string | null;
  ksef_error: string | null;
}

/** Requests not yet issued (a checkout's request waits for the payment), so My Recordings can say so. */
export interface InvoiceRequestsTable {
  purchase_id: string;
  user_id: string;
  requested_at: ColumnType<Date, Date | string, never>;
}

export interface InvoicingTables {
  invoices: InvoicesTable;
  invoice_requests: InvoiceRequestsTable;
}
