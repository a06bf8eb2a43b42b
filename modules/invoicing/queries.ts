import { sql, type Kysely } from 'kysely';
import { DomainError } from '../shared/kernel/index.ts';
import { documentsOf, type InvoiceState, type IssuedDocument } from './invoice.ts';
import type { InvoicingTables } from './schema.ts';
import { INVOICE_TOPICS } from './topics.ts';

/** KSeF's side of a document as the panel shows it: `off` while sending is not configured, `failed` while retries fail. */
export type KsefView = 'none' | 'off' | 'queued' | 'failed' | 'accepted' | 'rejected';
export type InvoiceSummary = {
  invoiceId: string; purchaseId: string; kind: 'invoice' | 'correction'; number: string; issuedAt: string; buyerName: string; buyerNip: string | null;
  currency: string; netMinor: number; vatMinor: number; grossMinor: number; corrects: string | null;
  ksef: KsefView; ksefNumber: string | null; ksefError: string | null;
};
export const KSEF_VIEWS: readonly KsefView[] = ['none', 'off', 'queued', 'failed', 'accepted', 'rejected'];

type Row = {
  invoice_id: string; purchase_id: string; kind: 'invoice' | 'correction'; number: string; issued_at: Date; buyer_name: string; buyer_nip: string | null;
  currency: string; net_minor: number | string; vat_minor: number | string; gross_minor: number | string; corrects: string | null;
  ksef_status: 'none' | 'queued' | 'accepted' | 'rejected'; ksef_number: string | null; ksef_error: string | null; outbox_error: string | null;
};

export function invoiceQueries(db: Kysely<InvoicingTables>, options: { ksefEnabled: boolean; load(purchaseId: string): Promise<InvoiceState> }) {
  // The newest submission's outbox row tells a submission that keeps failing (its last error) from one not tried yet.
  const rows = () => db.selectFrom('invoices as i').selectAll('i').select(sql<string | null>`(
      select o.last_error from outbox o where o.topic = ${INVOICE_TOPICS.ksef} and o.dedupe_key like 'invoice-ksef:' || i.invoice_id || ':%'
      order by o.id desc limit 1)`.as('outbox_error'));
  const view = (r: Row): InvoiceSummary => {
    const queued = r.ksef_status === 'queued';
    const ksef: KsefView = queued && !options.ksefEnabled ? 'off' : queued && r.outbox_error ? 'failed' : r.ksef_status;
    return {
      invoiceId: r.invoice_id, purchaseId: r.purchase_id, kind: r.kind, number: r.number, issuedAt: new Date(r.issued_at).toISOString(),
      buyerName: r.buyer_name, buyerNip: r.buyer_nip, currency: r.currency, netMinor: Number(r.net_minor), vatMinor: Number(r.vat_minor),
      grossMinor: Number(r.gross_minor), corrects: r.corrects, ksef, ksefNumber: r.ksef_number, ksefError: r.ksef_error ?? (ksef === 'failed' ? r.outbox_error : null),
    };
  };
  return {
    /** A buyer's documents, newest first, and the purchases whose invoice is asked for and not issued yet. */
    async invoicesOf(userId: string): Promise<{ invoices: InvoiceSummary[]; requested: string[] }> {
      const [docs, open] = await Promise.all([
        rows().where('i.user_id', '=', userId).orderBy('i.issued_at', 'desc').orderBy('i.number', 'desc').execute(),
        db.selectFrom('invoice_requests').select('purchase_id').where('user_id', '=', userId).execute(),
      ]);
      return { invoices: (docs as Row[]).map(view), requested: open.map((r) => r.purchase_id) };
    },
    /** The panel's list: a month's documents (yyyy-mm, Warsaw), oldest first, optionally of one KSeF state. */
    async adminList(filter: { month: string; ksef?: KsefView }): Promise<InvoiceSummary[]> {
      const found = (await rows().where('i.month', '=', filter.month).orderBy('i.issued_at').orderBy('i.number').execute() as Row[]).map(view);
      return filter.ksef ? found.filter((d) => d.ksef === filter.ksef) : found;
    },
    /**
     * One document for whoever may have it: its buyer or an admin. Anyone else is told it does not exist
     * (`invoice-not-found`), as for an id that names nothing.
     */
    async documentFor(invoiceId: string, caller: { userId: string; admin: boolean }): Promise<IssuedDocument> {
      const row = await db.selectFrom('invoices').select(['purchase_id', 'user_id']).where('invoice_id', '=', invoiceId).executeTakeFirst();
      if (!row || (!caller.admin && row.user_id !== caller.userId)) throw new DomainError('invoice-not-found');
      const issued = documentsOf(await options.load(row.purchase_id)).find((d) => d.document.invoiceId === invoiceId);
      if (!issued) throw new DomainError('invoice-not-found');
      return issued;
    },
  };
}
