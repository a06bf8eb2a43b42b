import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The certificates read model and the holders' names (modules/certificates/schema.ts). */
const certificates: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('certificates')
      .addColumn('certificate_id', 'text', (c) => c.primaryKey())
      .addColumn('number', 'text', (c) => c.notNull().unique())
      .addColumn('purchase_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('product_key', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('title_pl', 'text', (c) => c.notNull())
      .addColumn('title_en', 'text', (c) => c.notNull())
      .addColumn('hours_offered', 'double precision', (c) => c.notNull())
      .addColumn('hours_attended', 'double precision', (c) => c.notNull())
      .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
      .addColumn('first_day', 'text', (c) => c.notNull())
      .addColumn('last_day', 'text', (c) => c.notNull())
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'timestamptz')
      .addColumn('revoked_reason', 'text')
      .addColumn('replaced_by', 'text')
      .addColumn('replaced_by_number', 'text')
      .addColumn('replaces_number', 'text')
      .addColumn('holder_erased', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
    await db.schema.createIndex('certificates_purchase').on('certificates').columns(['purchase_id']).execute();
    await db.schema.createIndex('certificates_user').on('certificates').columns(['user_id', 'year']).execute();
    await db.schema.createIndex('certificates_issued').on('certificates').columns(['issued_at']).execute();
    await db.schema.createTable('certificate_holders')
      .addColumn('certificate_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('certificate_holders_user').on('certificate_holders').columns(['user_id']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('certificate_holders').execute();
    await db.schema.dropTable('certificates').execute();
  },
};

export const certificatesMigrations: Record<string, Migration> = { certificates_0001_certificates: certificates };
