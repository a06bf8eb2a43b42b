import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('purchases')
    .addColumn('purchase_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('product_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('price_id', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_session_id', 'text', (c) => c.notNull().unique())
    .addColumn('payment_intent_id', 'text')
    .addColumn('started_at', 'timestamptz')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('access_until', 'timestamptz')
    .addColumn('playback_started_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('purchases_user').on('purchases').columns(['user_id', 'status']).execute();
  await db.schema.createIndex('purchases_product').on('purchases').columns(['product_key', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('purchases').execute();
}
