/**
 * The database's side of a start (issue 35, "upgrades that cannot brick the shop"): what planUpgrade says, done. An
 * upgrade (pending migrations on a database that has applied ones) is backed up first into DATA_DIR/backups; a run of
 * migrations is one transaction, so one that fails leaves the database as it was. Whatever stops the shop from
 * starting here is answered as a maintenance state (maintenance.ts serves it) rather than an exit, which a restart
 * policy would turn into a crash loop.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Migration } from 'kysely/migration';
import { backupShop } from '../../modules/backup/index.ts';
import type { S3Settings } from '../../modules/recordings/index.ts';
import { appliedMigrations, knownMigrations, migrateToLatest, MigrationError, type DatabaseHandle } from '../../modules/shared/db/index.ts';
import type { Logger } from './logger.ts';
import { afterBackupFailed, planUpgrade } from './upgrade-plan.ts';

export type MaintenanceReason = 'migration-failed' | 'database-newer' | 'backup-failed';

/** Why the shop is not served, for the log and /healthz: `action` is what the self-hoster does about it. */
export type Maintenance = { reason: MaintenanceReason; migration: string | null; message: string; action: string; backup: string | null };

export type UpgradeOptions = {
  database: DatabaseHandle;
  dataDir: string;
  databaseUrl?: string;
  migrateWithoutBackup: boolean;
  appVersion: string;
  /** The recordings' bucket, when they are on S3: the backup lists its keys. */
  s3: S3Settings | null;
  log: Logger;
  /** The migrations this code knows; default the real ones (a test adds a failing one). */
  migrations?: Readonly<Record<string, Migration>>;
  now?: () => Date;
};

export type UpgradeOutcome = { ok: true; applied: string[]; backup: string | null } | { ok: false; maintenance: Maintenance };

export const PRE_MIGRATION_PREFIX = 'pre-migration-';

/** The newest backup taken before a migration, if any: what the way back restores. */
export function latestPreMigrationBackup(dataDir: string): string | null {
  const folder = join(dataDir, 'backups');
  try {
    const names = readdirSync(folder).filter((n) => n.startsWith(PRE_MIGRATION_PREFIX) && n.endsWith('.tar')).sort();
    return names.length ? join(folder, names.at(-1)!) : null;
  } catch {
    return null;
  }
}

const reasonOf = (error: unknown) => String((error as Error)?.message ?? error);

function databaseNewer(unknown: string[], dataDir: string): Maintenance {
  const backup = latestPreMigrationBackup(dataDir);
  return {
    reason: 'database-newer', migration: unknown[0] ?? null, backup,
    message: `The database was migrated by a newer version of Gestalt Online: this version does not know ${unknown.length > 1 ? 'the migrations' : 'the migration'} ${unknown.join(', ')}. It changed nothing and does not start the shop.`,
    action: `Run the newer version (or a later one) on this database. To go back to this version instead, stop the server and, with this version, restore ${backup
      ? `the backup taken before the upgrade: npm run restore -- --force ${backup}`
      : `a backup made before the upgrade (there is no ${PRE_MIGRATION_PREFIX}*.tar in ${join(dataDir, 'backups')}): npm run restore -- --force <that backup>`} (what was written since is lost), then start this version.`,
  };
}

function backupFailed(error: unknown): Maintenance {
  return {
    reason: 'backup-failed', migration: null, backup: null,
    message: `The backup before migrating could not be taken: ${reasonOf(error)} Nothing was migrated.`,
    action: 'Make the backup possible (on PostgreSQL pg_dump must be installed, e.g. apt-get install postgresql-client, and reach DATABASE_URL; DATA_DIR/backups must be writable with room) and restart; or restart with MIGRATE_WITHOUT_BACKUP=1 to migrate without a backup.',
  };
}

function migrationFailed(error: unknown, backup: string | null): Maintenance {
  const migration = error instanceof MigrationError ? error.migration : null;
  return {
    reason: 'migration-failed', migration, backup,
    message: `${reasonOf(error)}. The run was rolled back: the database is as it was before this start.`,
    action: `Run the previous version again (the previous image tag, or the previous release's checkout): it starts on this database as before.${backup ? ` A backup was taken before migrating: ${backup}; should the database ever be needed as it was, restore it with the previous version: npm run restore -- --force ${backup}.` : ''} Report the failed migration with this log.`,
  };
}

const stamp = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

export async function upgradeDatabase(options: UpgradeOptions): Promise<UpgradeOutcome> {
  const set = options.migrations ?? knownMigrations;
  const { database, dataDir, log } = options;
  const plan = planUpgrade({ applied: await appliedMigrations(database.db), known: Object.keys(set) });
  if (plan.action === 'refuse') return { ok: false, maintenance: databaseNewer(plan.unknown, dataDir) };
  if (plan.action === 'start') return { ok: true, applied: [], backup: null };

  let backup: string | null = null;
  if (plan.backupFirst) {
    try {
      const { file } = await backupShop({
        dataDir, databaseUrl: options.databaseUrl, appVersion: options.appVersion, now: options.now, s3: options.s3,
        target: join(dataDir, 'backups', `${PRE_MIGRATION_PREFIX}${stamp((options.now ?? (() => new Date()))())}.tar`),
        open: database.kind === 'pglite' ? database : undefined,
      });
      backup = file;
      log.info({ backup, pending: plan.pending }, 'backup taken before migrating');
    } catch (error) {
      if (afterBackupFailed(options.migrateWithoutBackup) === 'refuse') return { ok: false, maintenance: backupFailed(error) };
      log.warn({ err: error, pending: plan.pending }, 'the backup before migrating failed; migrating without one (MIGRATE_WITHOUT_BACKUP)');
    }
  }
  try {
    return { ok: true, applied: await migrateToLatest(database.db, set), backup };
  } catch (error) {
    return { ok: false, maintenance: migrationFailed(error, backup) };
  }
}
