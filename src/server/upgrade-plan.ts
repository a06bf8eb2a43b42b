/**
 * What a starting server does with its database, given the migrations it has applied and the ones this code knows
 * (issue 35, "upgrades that cannot brick the shop"). A pure rule, so each case is a given/when/then test.
 */
export type UpgradePlan =
  /** Nothing pending: start the shop. */
  | { action: 'start' }
  /** Pending migrations: run them; `backupFirst` when the database holds applied ones (an upgrade, not a first start). */
  | { action: 'migrate'; pending: string[]; backupFirst: boolean }
  /** The database was migrated by newer code: this code does not know `unknown` and must not touch it. */
  | { action: 'refuse'; reason: 'database-newer'; unknown: string[] };

export function planUpgrade({ applied, known }: { applied: readonly string[]; known: readonly string[] }): UpgradePlan {
  const knownSet = new Set(known);
  const unknown = applied.filter((name) => !knownSet.has(name));
  if (unknown.length > 0) return { action: 'refuse', reason: 'database-newer', unknown };
  const appliedSet = new Set(applied);
  const pending = known.filter((name) => !appliedSet.has(name)).sort();
  if (pending.length === 0) return { action: 'start' };
  return { action: 'migrate', pending, backupFirst: applied.length > 0 };
}

/** After the backup before migrating failed: migrate anyway only when the self-hoster said so (MIGRATE_WITHOUT_BACKUP). */
export const afterBackupFailed = (migrateWithoutBackup: boolean): 'migrate' | 'refuse' => (migrateWithoutBackup ? 'migrate' : 'refuse');
