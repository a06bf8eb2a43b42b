import { sql, type Kysely } from 'kysely';

/** Campaigns hold ids only: the admin's subject and body, who is addressed by id, never a name or an address. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('recipient_count', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('campaign_unsubscribed')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('unsubscribed_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // One row per (campaign, recipient) once delivery got far enough to matter: `in_doubt` from the moment the
  // relay may have the whole message, then how it ended. Not rebuilt from events: it is delivery bookkeeping.
  await db.schema
    .createTable('campaign_deliveries')
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('in_doubt_at', 'timestamptz')
    .addColumn('settled_at', 'timestamptz')
    .addPrimaryKeyConstraint('campaign_deliveries_pk', ['campaign_id', 'user_id'])
    .execute();
  // The next free send slot shared by every instance: each send claims one and advances it atomically.
  await db.schema
    .createTable('campaign_pacing')
    .addColumn('lane', 'text', (c) => c.primaryKey())
    .addColumn('next_slot', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('campaign_pacing').execute();
  await db.schema.dropTable('campaign_deliveries').execute();
  await db.schema.dropTable('campaign_unsubscribed').execute();
  await db.schema.dropTable('campaigns').execute();
}
