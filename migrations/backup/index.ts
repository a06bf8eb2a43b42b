import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The `backups` stream's read model (modules/backup/schema.ts): the last backup and drill for the panel. */
const history: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('backup_history')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .addColumn('file', 'text')
      .addColumn('size', 'bigint')
      .addColumn('ok', 'boolean')
      .addColumn('message', 'text')
      .addColumn('backup_at', 'timestamptz')
      .addPrimaryKeyConstraint('backup_history_key', ['kind', 'period'])
      .execute();
    await db.schema.createIndex('backup_history_at').on('backup_history').columns(['kind', 'at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('backup_history').execute();
  },
};

export const backupMigrations: Record<string, Migration> = {
  'backup_0001_history': history,
};
