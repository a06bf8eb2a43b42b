import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The reminders' sent-ledger (modules/meetings/schema.ts): its primary key is the exactly-once. */
const reminderLedger: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('meeting_reminders')
      .addColumn('purchase_id', 'text', (c) => c.notNull())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('message_id', 'text')
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('meeting_reminders_key', ['purchase_id', 'session_id', 'kind'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('meeting_reminders').execute();
  },
};

export const meetingsMigrations: Record<string, Migration> = {
  'meetings_0001_reminder_ledger': reminderLedger,
};
