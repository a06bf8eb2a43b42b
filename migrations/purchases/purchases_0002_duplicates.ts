import type { Kysely } from 'kysely';

/** Expired checkouts and refunded duplicate payments show in the purchases read model. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('purchases')
    .addColumn('expired_at', 'timestamptz')
    .addColumn('owned_through', 'text')
    .addColumn('provider_refund_id', 'text')
    .addColumn('refunded_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('purchases')
    .dropColumn('expired_at').dropColumn('owned_through').dropColumn('provider_refund_id').dropColumn('refunded_at')
    .execute();
}
