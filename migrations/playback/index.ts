import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Resume positions per (user, product) (modules/playback/schema.ts), overwritten while the viewer watches. */
const positions: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('playback_positions')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('product_key', 'text', (c) => c.notNull())
      .addColumn('position', 'double precision', (c) => c.notNull())
      .addColumn('duration', 'double precision', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('playback_positions_key', ['user_id', 'product_key'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('playback_positions').execute();
  },
};

export const playbackMigrations: Record<string, Migration> = {
  'playback_0001_positions': positions,
};
