import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The invoices and open requests read models (modules/invoicing/schema.ts). */
const invoices: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('invoices')
      .addColumn('invoice_id', 'text', (c) => c.primaryKey())
      .addColumn('purchase_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('number', 'text', (c) => c.notNull().unique())
      .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
      .addColumn('month', 'text', (c) => c.notNull())
      .addColumn('buyer_name', 'text', (c) => c.notNull())
      .addColumn('buyer_nip', 'text')
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('net_minor', 'bigint', (c) => c.notNull())
      .addColumn('vat_minor', 'bigint', (c) => c.notNull())
      .addColumn('gross_minor', 'bigint', (c) => c.notNull())
      .addColumn('corrects', 'text')
      .addColumn('ksef_status', 'text', (c) => c.notNull())
      .addColumn('ksef_number', 'text')
      .addColumn('ksef_error', 'text')
      .execute();
    await db.schema.createIndex('invoices_month').on('invoices').columns(['month', 'issued_at']).execute();
    await db.schema.createIndex('invoices_user').on('invoices').columns(['user_id', 'issued_at']).execute();
    await db.schema.createTable('invoice_requests')
      .addColumn('purchase_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('invoice_requests').execute();
    await db.schema.dropTable('invoices').execute();
  },
};

export const invoicingMigrations: Record<string, Migration> = { invoicing_0001_invoices: invoices };
