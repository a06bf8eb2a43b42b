import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { migrations } from '../../../migrations/index.ts';

/** Every migration this code knows, by name. */
export const knownMigrations: Readonly<Record<string, Migration>> = migrations;

/** The names in Kysely's table, oldest first; none on a database never migrated (no table yet). */
export async function appliedMigrations(db: Kysely<any>): Promise<string[]> {
  const { rows: [table] } = await sql<{ t: string | null }>`select to_regclass('kysely_migration')::text as t`.execute(db);
  if (!table?.t) return [];
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by timestamp, name`.execute(db);
  return rows.map((r) => r.name);
}

/**
 * Runs every pending migration of `set` (default: the real ones); throws with the failing migration's name.
 * All of a run's migrations go in one transaction (Kysely does so when the dialect has transactional DDL, as
 * PostgreSQL and PGlite behind the same dialect have): a failing one leaves the database as it was before the run.
 * A dialect without it is refused rather than left half migrated.
 */
export async function migrateToLatest(db: Kysely<any>, set: Readonly<Record<string, Migration>> = migrations): Promise<string[]> {
  if (!db.getExecutor().adapter.supportsTransactionalDdl) throw new Error('the database dialect has no transactional DDL: a failed migration could leave it half changed');
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => set as Record<string, Migration> },
    allowUnorderedMigrations: true,
    disableTransactions: false,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new MigrationError(failed?.migrationName ?? null, `migration ${failed?.migrationName ?? '(unknown)'} failed: ${String((error as Error).message ?? error)}`, error);
  }
  return (results ?? []).map((r) => r.migrationName);
}

/** A run that failed and was rolled back; `migration` names the one that failed (null when Kysely did not say). */
export class MigrationError extends Error {
  override readonly name = 'MigrationError';
  readonly migration: string | null;
  constructor(migration: string | null, message: string, cause: unknown) {
    super(message, { cause });
    this.migration = migration;
  }
}
