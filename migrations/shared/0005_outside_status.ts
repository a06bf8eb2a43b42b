import type { Kysely } from 'kysely';

/**
 * The last success and the last failure of each outside system (SMTP, Stripe, KSeF, S3), as any instance saw them
 * (modules/shared/outside): one row per system, so the admin's system page shows them whichever instance answers.
 * `last_failure` is a short code (an error's name, code and status), never an error's message: no secret, no address.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outside_status')
    .addColumn('system', 'text', (c) => c.primaryKey())
    .addColumn('last_success_at', 'timestamptz')
    .addColumn('last_failure_at', 'timestamptz')
    .addColumn('last_failure', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outside_status').execute();
}
