import type { Kysely } from 'kysely';

/**
 * Sessions logged out one by one (rebuilt from SessionEnded events). Looked up by session id on every
 * authenticated request (joined to the user row); the expiry index serves the purge of rows whose token
 * has expired anyway.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('revoked_sessions')
    .addColumn('session_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('revoked_sessions_expires_at').on('revoked_sessions').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('revoked_sessions').execute();
}
