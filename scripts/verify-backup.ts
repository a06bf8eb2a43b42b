// `npm run backup:verify -- <backup file or s3://bucket/key>`: reads the whole file against its manifest and, with
// recordings on S3, lists the bucket against the keys the backup holds. Changes nothing; exits 1 on any problem.
import { BackupError, verifyShopBackup } from '../modules/backup/index.ts';
import { s3SettingsOf } from '../modules/recordings/index.ts';
import { ConfigError, parseEnv } from '../modules/shared/config/index.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run backup:verify -- <backup file or s3://bucket/key>');
  process.exit(2);
}
try {
  const { manifest, bucket } = await verifyShopBackup({ file, s3: s3SettingsOf(parseEnv(process.env)) });
  console.log(`${file} is whole: the backup of ${manifest.createdAt} (${manifest.database}, migration ${manifest.migrationLevel ?? 'none'}, ${manifest.members.length} members, every SHA-256 matches).`);
  if (bucket && 'notChecked' in bucket) console.log(`The recordings' bucket was not checked: ${bucket.notChecked}.`);
  else if (bucket?.problem) {
    console.error(bucket.problem);
    process.exit(1);
  } else if (bucket) console.log(`The bucket has all ${bucket.check.listed} objects the backup lists, with the same sizes and ETags.`);
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
