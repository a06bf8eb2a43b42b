import type { Kysely } from 'kysely';

/** Access granted by hand keeps its reason, and when it was revoked. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('purchases')
    .addColumn('grant_reason', 'text')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('purchases')
    .dropColumn('grant_reason').dropColumn('revoked_at')
    .execute();
}
