import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { inbox } from './0002_inbox.ts';

const messages: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('contact_messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('from_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('contact_messages').execute();
  },
};

/** The contact module's migrations. */
export const contactMigrations: Record<string, Migration> = {
  contact_0001_messages: messages,
  contact_0002_inbox: inbox,
};
