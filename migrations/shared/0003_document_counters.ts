import type { Kysely } from 'kysely';

/**
 * The last number taken in each series and year (modules/shared/numbering). Not a read model: nothing derives it
 * from the event log, so `projections:rebuild` never empties it (a rebuild must never issue a number again).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('document_counters')
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('last', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_counters_pkey', ['series', 'year'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('document_counters').execute();
}
