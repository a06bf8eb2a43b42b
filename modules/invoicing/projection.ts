import type { Projection, RecordedEvent } from '../shared/events/index.ts';
import { dayInWarsaw } from './compose.ts';
import type { InvoiceEvent } from './invoice.ts';
import type { InvoicingTables } from './schema.ts';

/** invoices and invoice_requests from the invoice streams. Replay-safe: a document's row is written once, then only its KSeF state moves. */
export const invoicesProjection: Projection<InvoicingTables> = {
  name: 'invoicing.invoices',
  tables: ['invoices', 'invoice_requests'],
  async apply(tx, recorded: RecordedEvent) {
    const event = recorded as unknown as InvoiceEvent;
    switch (event.type) {
      case 'InvoiceRequested':
        await tx.insertInto('invoice_requests').values({ purchase_id: event.data.purchaseId, user_id: event.data.userId, requested_at: event.data.at })
          .onConflict((c) => c.column('purchase_id').doNothing()).execute();
        return;
      case 'InvoiceIssued':
      case 'CorrectionIssued': {
        const d = event.data.document;
        await tx.deleteFrom('invoice_requests').where('purchase_id', '=', d.purchaseId).execute();
        await tx.insertInto('invoices').values({
          invoice_id: d.invoiceId, purchase_id: d.purchaseId, user_id: event.data.userId, kind: d.kind, number: d.number, issued_at: d.issuedAt,
          month: dayInWarsaw(d.issuedAt).slice(0, 7), buyer_name: d.buyer.name, buyer_nip: d.buyer.nip, currency: d.currency,
          net_minor: d.totals.netMinor, vat_minor: d.totals.vatMinor, gross_minor: d.totals.grossMinor, corrects: d.correction?.number ?? null,
          ksef_status: event.data.xml ? 'queued' : 'none', ksef_number: null, ksef_error: null,
        }).onConflict((c) => c.column('invoice_id').doNothing()).execute();
        return;
      }
      case 'KsefAccepted':
        await tx.updateTable('invoices').set({ ksef_status: 'accepted', ksef_number: event.data.ksefNumber, ksef_error: null }).where('invoice_id', '=', event.data.invoiceId).execute();
        return;
      case 'KsefRejected':
        await tx.updateTable('invoices').set({ ksef_status: 'rejected', ksef_error: `${event.data.code}: ${event.data.description}` }).where('invoice_id', '=', event.data.invoiceId).execute();
        return;
      case 'KsefResubmitted':
        await tx.updateTable('invoices').set({ ksef_status: 'queued', ksef_error: null }).where('invoice_id', '=', event.data.invoiceId).execute();
        return;
      default:
    }
  },
};
