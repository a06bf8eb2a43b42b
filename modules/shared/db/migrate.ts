import type { Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { migrations } from '../../../migrations/index.ts';

/** Runs every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations as Record<string, Migration> },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${String((error as Error).message ?? error)}`, { cause: error });
  }
  return (results ?? []).map((r) => r.migrationName);
}
