import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalogue_products')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('doc', 'jsonb', (c) => c.notNull())
    .addColumn('live_link', 'text')
    .addColumn('recording_link', 'text')
    .addColumn('published_position', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('catalogue_products_category').on('catalogue_products').columns(['category', 'starts_at']).execute();

  await db.schema
    .createTable('catalogue_facilitators')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('doc', 'jsonb', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('catalogue_articles')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('published_position', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('catalogue_articles').execute();
  await db.schema.dropTable('catalogue_facilitators').execute();
  await db.schema.dropTable('catalogue_products').execute();
}
