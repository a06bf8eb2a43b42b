import type { Kysely } from 'kysely';

/**
 * How many schedule changes a product has had (issue 24): the calendar SEQUENCE of its latest update, so a later
 * withdrawal of a buyer's entries goes above it. Every product so far has had none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalogue_products').addColumn('schedule_revision', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalogue_products').dropColumn('schedule_revision').execute();
}
