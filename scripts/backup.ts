// `npm run backup [-- <folder or file>]`: one tar file with the database, the files under DATA_DIR and a SHA-256
// manifest (modules/backup). With the embedded database, stop the server first: PGlite allows one process.
// The configuration is parsed, not loaded: loading would write a JWT secret into DATA_DIR, and a backup changes nothing.
import { readFileSync } from 'node:fs';
import { BackupError, createBackup } from '../modules/backup/index.ts';
import { ConfigError, parseEnv } from '../modules/shared/config/index.ts';

try {
  const config = parseEnv(process.env);
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  const started = performance.now();
  const { file, manifest } = await createBackup({
    dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, appVersion: version, target: process.argv[2],
    s3: Boolean(config.S3_ENDPOINT),
  });
  const bytes = manifest.members.reduce((sum, m) => sum + m.size, 0);
  console.log(`Backup written: ${file} (${manifest.database}, migration ${manifest.migrationLevel ?? 'none'}, ${manifest.members.length} members, ${bytes} bytes, ${Math.round(performance.now() - started)} ms).`);
  if (manifest.recordings === 's3') console.log('Recordings are in the S3 bucket and not in this file: back the bucket up on its own.');
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
