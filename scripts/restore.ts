// `npm run restore -- <backup file> [--force]`: checks the whole file against its manifest, then restores it into
// an empty DATA_DIR and database (modules/backup). --force throws away what is there first. Stop the server first.
import { BackupError, restoreBackup } from '../modules/backup/index.ts';
import { ConfigError, parseEnv } from '../modules/shared/config/index.ts';

const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((a) => a !== '--force');
if (!file) {
  console.error('Usage: npm run restore -- <backup file> [--force]');
  process.exit(2);
}
try {
  const config = parseEnv(process.env);
  const manifest = await restoreBackup({ file, dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, force });
  console.log(`Restored the backup of ${manifest.createdAt} (version ${manifest.appVersion}, migration ${manifest.migrationLevel ?? 'none'}, ${manifest.members.length} members) into ${config.DATA_DIR}${config.DATABASE_URL ? ' and DATABASE_URL' : ''}.`);
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
