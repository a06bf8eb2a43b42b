// What the command-line scripts share: configuration, a migrated database, the wired event store.
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../modules/shared/config/index.ts';
import { connectDatabase, migrateToLatest } from '../modules/shared/db/index.ts';
import { createEventStore } from '../modules/shared/events/index.ts';
import { createLogger } from '../src/server/logger.ts';
import { wireModules } from '../src/server/modules.ts';

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
  const applied = await migrateToLatest(database.db);
  const store = createEventStore(database.db);
  wireModules({ config, log, db: database.db, store });
  return { config, log, database, store, applied };
}
