import type { Kysely } from 'kysely';

/**
 * Refunds of paid purchases (admin, withdrawal, the provider's dashboard): one row per refund, and on the purchase
 * the sums refunded and still pending (minor units) and when access ended.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('purchase_refunds')
    .addColumn('refund_id', 'text', (c) => c.primaryKey())
    .addColumn('purchase_id', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('requested_by_user', 'text')
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    .addColumn('completed_at', 'timestamptz')
    .addColumn('provider_refund_id', 'text')
    .execute();
  await db.schema.createIndex('purchase_refunds_purchase').on('purchase_refunds').column('purchase_id').execute();
  await db.schema.alterTable('purchases')
    .addColumn('refunded_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refund_pending_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('access_ended_at', 'timestamptz')
    .addColumn('amount_minor', 'integer')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('purchases').dropColumn('refunded_minor').dropColumn('refund_pending_minor').dropColumn('access_ended_at').dropColumn('amount_minor').execute();
  await db.schema.dropTable('purchase_refunds').execute();
}
