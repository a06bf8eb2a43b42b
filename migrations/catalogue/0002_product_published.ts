import type { Kysely } from 'kysely';

/** Whether a product is on the public pages and on sale (an admin may unpublish it); every product so far is. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalogue_products').addColumn('published', 'boolean', (c) => c.notNull().defaultTo(true)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalogue_products').dropColumn('published').execute();
}
