// What the command-line scripts share: configuration, a migrated database, the wired event store.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../modules/shared/config/index.ts';
import { s3SettingsOf } from '../modules/recordings/index.ts';
import { connectDatabase } from '../modules/shared/db/index.ts';
import { createEventStore } from '../modules/shared/events/index.ts';
import { createLogger } from '../src/server/logger.ts';
import { wireModules } from '../src/server/modules.ts';
import { upgradeDatabase } from '../src/server/upgrade.ts';

export async function openForScript() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.LOG_LEVEL);
  const database = await connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: join(config.DATA_DIR, 'pgdata') });
  // As the server starts (src/server/upgrade.ts): a backup before an upgrade, no migration of a newer database.
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  const upgrade = await upgradeDatabase({
    database, dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, migrateWithoutBackup: config.MIGRATE_WITHOUT_BACKUP, s3: s3SettingsOf(config), appVersion: version, log,
  });
  if (!upgrade.ok) {
    console.error(`${upgrade.maintenance.message}\n${upgrade.maintenance.action}`);
    await database.close();
    process.exit(1);
  }
  const { applied } = upgrade;
  const store = createEventStore(database.db);
  wireModules({ config, log, db: database.db, store });
  return { config, log, database, store, applied };
}
