import type { Kysely } from 'kysely';

/**
 * Timed outbox rows (reminders): the instant before which a row is not delivered. Its first attempt is due then
 * (`next_attempt_at`); the column keeps it so the worker's give-up time counts from it, not from the row's writing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('not_before', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('not_before').execute();
}
