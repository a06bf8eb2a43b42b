// Backups with S3 in them: the recordings' bucket listed into the backup (bucket.ts) when recordings are on S3, a
// target that is a bucket (`s3://bucket/prefix/`, with the shop's own S3 endpoint and credentials), a restore or a
// check from one. The local file is staged under the system's temporary folder (TMPDIR), removed once uploaded.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { createBackup, type BackupOptions, type Manifest } from './backup.ts';
import { BUCKET_MEMBER, bucketChanged, bucketProblem, checkBucket, listBucket, listingIn, type BucketCheck } from './bucket.ts';
import { BackupError } from './errors.ts';
import { alive } from './lock.ts';
import { restoreBackup, verifyBackup, type RestoreOptions } from './restore.ts';
import { isS3Url, parseS3Url, placeOf, type S3Place, type S3Settings } from './s3.ts';
import { downloadBackup, reachBucket, uploadBackup } from './s3-target.ts';

type WithS3 = {
  /** The shop's S3 settings (recordings in a bucket), or none. */
  s3?: S3Settings | null;
  /** Tests: a client of their own on those settings (faults). */
  client?: S3Client;
};

type ShopBackupOptions = Omit<BackupOptions, 's3' | 'extra' | 'deliver'> & WithS3 & { partBytes?: number };

/**
 * A scratch folder under TMPDIR named with this process's pid; those of processes gone (a backup or restore killed
 * mid-way, each holding a whole backup file) are removed first.
 */
function scratch(kind: 'backup-upload' | 'restore-download'): string {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(/^gestalt-(?:backup-upload|restore-download)-(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !alive(pid)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
  return mkdtempSync(join(tmpdir(), `gestalt-${kind}-${process.pid}-`));
}

function needS3(options: WithS3, url: string): S3Place {
  if (!options.s3) throw new BackupError('s3-failed', `${url} is in a bucket, and this shop has no S3 settings: set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (the backup uses the shop's endpoint and credentials).`);
  return placeOf(options.s3, options.client);
}

/** `npm run backup`: to a folder or file, or to `s3://…`; with recordings on S3 the bucket's keys are listed in it. */
export async function backupShop(options: ShopBackupOptions): Promise<{ file: string; manifest: Manifest }> {
  const recordings = options.s3 ? placeOf(options.s3, options.client) : null;
  const target = isS3Url(options.target) ? { ...parseS3Url(options.target), place: needS3(options, options.target) } : null;
  if (target) await reachBucket(target.place, target.bucket);
  const folder = !target?.key || target.key.endsWith('/');
  // Backups kept in the recordings' own bucket are not recordings: left out of its listing.
  const skip = target && recordings && target.bucket === recordings.settings.bucket ? [target.key] : [];
  const staging = target ? scratch('backup-upload') : null;
  try {
    return await createBackup({
      ...options, s3: Boolean(recordings),
      target: staging ? `${staging}/` : options.target,
      extra: recordings ? async () => [{ path: BUCKET_MEMBER, data: Buffer.from(JSON.stringify(await listBucket(recordings, { skip }), null, 1) + '\n') }] : undefined,
      deliver: target ? async (file) => {
        const key = folder ? `${target.key}${basename(file)}` : target.key;
        await uploadBackup(target.place, file, target.bucket, key, options.partBytes);
        return `s3://${target.bucket}/${key}`;
      } : undefined,
    });
  } finally {
    if (staging) rmSync(staging, { recursive: true, force: true });
  }
}

/** A local path for `file` (an `s3://…` one downloaded into scratch), and the name messages should say. */
async function local<T>(file: string, options: WithS3, use: (path: string) => Promise<T>): Promise<T> {
  if (!isS3Url(file)) return use(file);
  const { bucket, key } = parseS3Url(file);
  const folder = scratch('restore-download');
  const path = join(folder, basename(key) || 'backup.tar');
  try {
    await downloadBackup(needS3(options, file), bucket, key, path);
    return await use(path);
  } catch (error) {
    if (error instanceof BackupError) throw new BackupError(error.code, error.message.replaceAll(path, file));
    throw error;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export type BucketReport = { check: BucketCheck; problem: string | null } | { notChecked: string } | null;

async function bucketReport(path: string, manifest: Manifest, options: WithS3): Promise<BucketReport> {
  if (manifest.recordings !== 's3') return null;
  if (!manifest.members.some((m) => m.path === BUCKET_MEMBER)) return { notChecked: 'this backup lists no bucket keys (made before listings)' };
  if (!options.s3) return { notChecked: 'this shop has no S3 settings to reach the bucket with' };
  const place = placeOf(options.s3, options.client);
  const check = await checkBucket(listingIn(path)!, place);
  return { check, problem: bucketProblem(check, place.settings.bucket) };
}

/** Checks a backup (a file or `s3://…`) whole, and the bucket against its listing; changes nothing. */
export async function verifyShopBackup(options: { file: string } & WithS3): Promise<{ manifest: Manifest; bucket: BucketReport }> {
  return local(options.file, options, async (path) => {
    const manifest = verifyBackup(path);
    return { manifest, bucket: await bucketReport(path, manifest, options) };
  });
}

/**
 * `npm run restore`: the file (downloaded first when `s3://…`) checked whole, the bucket checked against its listing
 * (refused when keys are missing or changed, unless `ignoreBucket`), and only then restored.
 */
export async function restoreShop(options: RestoreOptions & WithS3 & { ignoreBucket?: boolean }): Promise<{ manifest: Manifest; bucket: BucketReport }> {
  return local(options.file, options, async (path) => {
    // Without S3 settings there is no bucket to check: restoreBackup reads the file against its manifest itself.
    if (!options.s3) {
      const manifest = await restoreBackup({ ...options, file: path });
      return { manifest, bucket: manifest.recordings === 's3' ? { notChecked: 'this shop has no S3 settings to reach the bucket with' } : null };
    }
    const bucket = await bucketReport(path, verifyBackup(path), options);
    if (bucket && 'problem' in bucket && bucket.problem && !options.ignoreBucket) throw bucketChanged(bucket.problem);
    return { manifest: await restoreBackup({ ...options, file: path }), bucket };
  });
}
