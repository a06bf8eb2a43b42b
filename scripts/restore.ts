// `npm run restore -- <backup file or s3://bucket/key> [--force] [--ignore-bucket]`: checks the whole file against
// its manifest (and, with recordings on S3, the bucket against the keys it lists), then restores it into an empty
// DATA_DIR and database (modules/backup). --force throws away what is there first. Stop the server first.
import { BackupError, restoreShop } from '../modules/backup/index.ts';
import { s3SettingsOf } from '../modules/recordings/index.ts';
import { ConfigError, parseEnv } from '../modules/shared/config/index.ts';

const args = process.argv.slice(2);
const force = args.includes('--force');
const ignoreBucket = args.includes('--ignore-bucket');
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: npm run restore -- <backup file or s3://bucket/key> [--force] [--ignore-bucket]');
  process.exit(2);
}
try {
  const config = parseEnv(process.env);
  const { manifest, bucket } = await restoreShop({ file, dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, force, ignoreBucket, s3: s3SettingsOf(config) });
  console.log(`Restored the backup of ${manifest.createdAt} (version ${manifest.appVersion}, migration ${manifest.migrationLevel ?? 'none'}, ${manifest.members.length} members) into ${config.DATA_DIR}${config.DATABASE_URL ? ' and DATABASE_URL' : ''}.`);
  if (bucket && 'notChecked' in bucket) console.log(`The recordings' bucket was not checked: ${bucket.notChecked}.`);
  else if (bucket?.problem) console.log(`Restored although: ${bucket.problem}`);
  else if (bucket) console.log(`The bucket has all ${bucket.check.listed} objects the backup lists.`);
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
