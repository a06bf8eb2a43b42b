import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The admin's inbox: read marks (a projection of ContactMessageRead) and the newest-first order of the list. */
export const inbox: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('contact_reads')
      .addColumn('message_id', 'text', (c) => c.primaryKey())
      .addColumn('read_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('contact_messages_received_at').on('contact_messages').columns(['received_at desc', 'id desc']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('contact_messages_received_at').execute();
    await db.schema.dropTable('contact_reads').execute();
  },
};
