// `npm run backup [-- <folder, file or s3://bucket/prefix/>]`: one tar file with the database, the files under
// DATA_DIR and a SHA-256 manifest (modules/backup); with recordings on S3, a listing of the bucket's keys. With the
// embedded database, stop the server first: PGlite allows one process.
// The configuration is parsed, not loaded: loading would write a JWT secret into DATA_DIR, and a backup changes nothing.
import { readFileSync } from 'node:fs';
import { BackupError, backupShop } from '../modules/backup/index.ts';
import { s3SettingsOf } from '../modules/recordings/index.ts';
import { ConfigError, parseEnv } from '../modules/shared/config/index.ts';

try {
  const config = parseEnv(process.env);
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  const started = performance.now();
  const { file, manifest } = await backupShop({
    dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, appVersion: version, target: process.argv[2], s3: s3SettingsOf(config),
  });
  const bytes = manifest.members.reduce((sum, m) => sum + m.size, 0);
  console.log(`Backup written: ${file} (${manifest.database}, migration ${manifest.migrationLevel ?? 'none'}, ${manifest.members.length} members, ${bytes} bytes, ${Math.round(performance.now() - started)} ms).`);
  if (manifest.recordings === 's3') console.log('Recordings are in the S3 bucket and not in this file (it lists their keys, sizes and ETags): back the bucket up on its own.');
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
