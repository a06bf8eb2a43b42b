// Backups with S3 (s3rver on loopback): the recordings' bucket listed into the backup and checked on verify and
// restore, a bucket as the backup's target, and what goes wrong there.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import {
  CreateBucketCommand, DeleteObjectCommand, GetObjectCommand, ListMultipartUploadsCommand, ListObjectsV2Command, PutObjectCommand, type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, backupShop, restoreShop, verifyShopBackup, type BucketReport } from '../../../modules/backup/index.ts';
import { s3Client, type S3Settings } from '../../../modules/recordings/index.ts';
import { S3RVER_KEYS, startS3 } from '../../support/s3.ts';
import { freePort } from '../../support/server.ts';
import { emptyPlace, fillShop, type Place } from './shop.ts';

async function refusal(action: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await action.then(() => null, (e: unknown) => e);
  if (!(error instanceof BackupError)) throw new Error(`expected a BackupError, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

const checked = (report: BucketReport) => {
  if (!report || !('check' in report)) throw new Error(`the bucket was not checked: ${JSON.stringify(report)}`);
  return report;
};

describe('backups with recordings in a bucket and a bucket as the target (PGlite, s3rver)', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let settings: S3Settings;
  let client: S3Client;
  let source: Place;
  const cleanup: string[] = [];
  const emptyDir = () => { const d = mkdtempSync(join(tmpdir(), 'gestalt-target-')); cleanup.push(d); return d; };
  const keysOf = async (Bucket: string, Prefix = '') => ((await client.send(new ListObjectsV2Command({ Bucket, Prefix }))).Contents ?? []).map((o) => o.Key).sort();
  const put = (Bucket: string, Key: string, Body: Buffer) => client.send(new PutObjectCommand({ Bucket, Key, Body }));
  const stagings = () => readdirSync(tmpdir()).filter((n) => n.startsWith('gestalt-backup-upload-') || n.startsWith('gestalt-restore-download-'));

  beforeAll(async () => {
    s3 = await startS3('recordings');
    settings = { endpoint: s3.endpoint, bucket: 'recordings', ...S3RVER_KEYS, region: 'us-east-1' };
    client = s3Client(settings);
    await client.send(new CreateBucketCommand({ Bucket: 'backups' }));
    await put('recordings', 'rec-1/source.mp4', randomBytes(1 << 20));
    await put('recordings', 'rec-1/hls/720p/segment-00001.ts', randomBytes(200_000));
    await put('recordings', 'uploads/0123456789abcdef0123456789abcdef.info', Buffer.from('{}'));
    source = await emptyPlace('pglite');
    await fillShop(source);
    // A backup of more than two 5 MB parts, for the upload that fails at its second part.
    writeFileSync(join(source.dataDir, 'uploads', 'poster.webp'), randomBytes(12 << 20));
    cleanup.push(source.dataDir);
  }, 120_000);
  afterAll(async () => {
    await s3?.stop();
    for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
  });

  let url: string;

  it('given recordings in a bucket, when the shop is backed up to s3://backups/nightly/, then one whole object is there (no temporary one), it lists the bucket\'s keys, verify finds the bucket as listed, and a killed backup\'s scratch is gone', { timeout: 60_000 }, async () => {
    // What a backup killed during its upload left in TMPDIR: removed by the next one, its process being gone.
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    const leftover = mkdtempSync(join(tmpdir(), `gestalt-backup-upload-${dead}-`));
    writeFileSync(join(leftover, 'gestalt-backup-killed.tar'), 'half');
    const before = stagings().filter((n) => n !== basename(leftover));
    const { file, manifest } = await backupShop({ dataDir: source.dataDir, appVersion: '0.1.0', target: 's3://backups/nightly/', s3: settings, partBytes: 5 << 20 });
    url = file;
    expect(file).toMatch(/^s3:\/\/backups\/nightly\/gestalt-backup-[\dTZ-]+\.tar$/);
    expect(await keysOf('backups')).toEqual([file.slice('s3://backups/'.length)]);
    expect(manifest.recordings).toBe('s3');
    expect(manifest.members.map((m) => m.path)).toContain('bucket/objects.json');
    expect(stagings()).toEqual(before);
    expect(readdirSync(source.dataDir)).not.toContain('backup.lock');

    const { manifest: verified, bucket } = await verifyShopBackup({ file, s3: settings });
    expect(verified.members).toEqual(manifest.members);
    // The tus upload in progress is not a recording: not listed.
    expect(checked(bucket).check).toEqual({ listed: 2, missing: [], changed: [] });
    expect(checked(bucket).problem).toBeNull();
  });

  it('given the shop\'s S3_* settings, when `npm run backup -- s3://backups/cli/` and `npm run backup:verify` run, then they say where the backup went and that it and the bucket are whole', { timeout: 90_000 }, async () => {
    // Not spawnSync: s3rver answers from this process, whose event loop must keep running.
    const run = (script: string, arg: string) => new Promise<{ status: number | null; text: string }>((resolve) => {
      const child = spawn(process.execPath, [join(import.meta.dirname, '..', '..', '..', 'scripts', script), arg], {
        env: { PATH: process.env.PATH, DATA_DIR: source.dataDir, ...s3.env }, stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (c: Buffer) => { text += c; });
      child.stderr.on('data', (c: Buffer) => { text += c; });
      child.on('close', (status) => resolve({ status, text }));
    });
    const backup = await run('backup.ts', 's3://backups/cli/');
    expect(backup.text).toMatch(/^Backup written: s3:\/\/backups\/cli\/gestalt-backup-[\dTZ-]+\.tar \(pglite.*\n.*lists their keys, sizes and ETags/);
    expect(backup.status).toBe(0);
    const written = /s3:\/\/\S+\.tar/.exec(backup.text)![0];
    const verify = await run('verify-backup.ts', written);
    expect(verify.text).toContain(`${written} is whole: the backup of `);
    expect(verify.text).toMatch(/every SHA-256 matches\)\.\nThe bucket has all 2 objects the backup lists, with the same sizes and ETags\.\n$/);
    expect(verify.status).toBe(0);
    await client.send(new DeleteObjectCommand({ Bucket: 'backups', Key: written.slice('s3://backups/'.length) }));
  });

  it('given a bucket that lost one key and had another rewritten since, when the backup is verified or restored, then both keys are named; restore refuses and changes nothing unless --ignore-bucket', { timeout: 60_000 }, async () => {
    const original = Buffer.from(await (await client.send(new GetObjectCommand({ Bucket: 'recordings', Key: 'rec-1/source.mp4' }))).Body!.transformToByteArray());
    await client.send(new DeleteObjectCommand({ Bucket: 'recordings', Key: 'rec-1/hls/720p/segment-00001.ts' }));
    await put('recordings', 'rec-1/source.mp4', randomBytes(1 << 20));
    try {
      const { bucket } = await verifyShopBackup({ file: url, s3: settings });
      expect(checked(bucket).check).toEqual({ listed: 2, missing: ['rec-1/hls/720p/segment-00001.ts'], changed: ['rec-1/source.mp4'] });
      expect(checked(bucket).problem).toMatch(/1 of the 2 objects this backup lists are missing from the bucket recordings: rec-1\/hls\/720p\/segment-00001\.ts; 1 have changed since \(another size or ETag\): rec-1\/source\.mp4/);

      const target = emptyDir();
      const refused = await refusal(restoreShop({ file: url, dataDir: target, s3: settings }));
      expect(refused.code).toBe('bucket-changed');
      expect(refused.message).toMatch(/segment-00001\.ts.*source\.mp4.*--ignore-bucket.*Nothing was changed/s);
      expect(readdirSync(target)).toEqual([]);

      const { manifest } = await restoreShop({ file: url, dataDir: target, s3: settings, ignoreBucket: true });
      expect(manifest.recordings).toBe('s3');
      expect(readdirSync(target).sort()).toEqual(['jwt-secret', 'pgdata', 'recordings', 'uploads']);
    } finally {
      await put('recordings', 'rec-1/source.mp4', original);
      await put('recordings', 'rec-1/hls/720p/segment-00001.ts', randomBytes(200_000));
    }
  });

  it('given an altered or a truncated backup in the bucket, when it is restored from s3://, then it is refused naming that address and the target stays empty', { timeout: 60_000 }, async () => {
    const key = url.slice('s3://backups/'.length);
    const bytes = Buffer.from(await (await client.send(new GetObjectCommand({ Bucket: 'backups', Key: key }))).Body!.transformToByteArray());
    const altered = Buffer.from(bytes);
    const at = altered.indexOf('poster.webp') + 512 + 5000;
    altered[at] = altered[at]! ^ 0xff;
    await put('backups', 'bad/altered.tar', altered);
    await put('backups', 'bad/truncated.tar', bytes.subarray(0, bytes.length >> 1));
    const target = emptyDir();
    const before = stagings();
    const alteredRefusal = await refusal(restoreShop({ file: 's3://backups/bad/altered.tar', dataDir: target, s3: settings }));
    expect(alteredRefusal.message).toMatch(/^s3:\/\/backups\/bad\/altered\.tar is not a good backup: files\/uploads\/poster\.webp does not match its SHA-256.*Nothing was changed/);
    expect((await refusal(restoreShop({ file: 's3://backups/bad/truncated.tar', dataDir: target, s3: settings }))).message).toMatch(/^s3:\/\/backups\/bad\/truncated\.tar .*truncated.*Nothing was changed/);
    expect((await refusal(restoreShop({ file: 's3://backups/bad/none.tar', dataDir: target, s3: settings }))).code).toBe('s3-failed');
    expect(readdirSync(target)).toEqual([]);
    expect(stagings()).toEqual(before);
  });

  it('given an S3 endpoint nobody answers on, when a backup goes to it, lists recordings in it, or a restore comes from it, then each says the endpoint cannot be reached and nothing is made or changed', { timeout: 60_000 }, async () => {
    const nowhere = { ...settings, endpoint: `http://127.0.0.1:${await freePort()}` };
    const folder = emptyDir();
    const toBucket = await refusal(backupShop({ dataDir: source.dataDir, appVersion: '0.1.0', target: 's3://backups/nightly/', s3: nowhere }));
    expect(toBucket.code).toBe('s3-unreachable');
    expect(toBucket.message).toContain(`The S3 endpoint ${nowhere.endpoint} could not be reached`);
    expect(toBucket.message).toMatch(/No backup was made/);
    const listing = await refusal(backupShop({ dataDir: source.dataDir, appVersion: '0.1.0', target: folder, s3: nowhere }));
    expect(listing).toMatchObject({ code: 's3-unreachable' });
    expect(listing.message).toMatch(/listing the recordings' bucket/);
    expect(readdirSync(folder)).toEqual([]);
    const target = emptyDir();
    expect((await refusal(restoreShop({ file: url, dataDir: target, s3: nowhere }))).message).toMatch(/could not be reached while downloading .*Nothing was changed/);
    expect(readdirSync(target)).toEqual([]);
    expect(readdirSync(source.dataDir)).not.toContain('backup.lock');

    const noBucket = await refusal(backupShop({ dataDir: source.dataDir, appVersion: '0.1.0', target: 's3://no-such-bucket/x/', s3: settings }));
    expect(noBucket.message).toMatch(/The bucket no-such-bucket does not exist/);
    const noSettings = await refusal(backupShop({ dataDir: source.dataDir, appVersion: '0.1.0', target: 's3://backups/x/' }));
    expect(noSettings.message).toMatch(/no S3 settings: set S3_ENDPOINT/);
  });

  it('given an upload that fails at its second part, then the backup fails saying so, and the bucket holds no object and no unfinished upload for it', { timeout: 60_000 }, async () => {
    const failing = s3Client(settings);
    let parts = 0;
    failing.middlewareStack.add((next, context) => async (args) => {
      if (context.commandName === 'UploadPartCommand' && ++parts === 2) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
      return next(args);
    }, { step: 'initialize', name: 'failSecondPart' });
    const refused = await refusal(backupShop({ dataDir: source.dataDir, appVersion: '0.1.0', target: 's3://backups/failing/', s3: settings, client: failing, partBytes: 5 << 20 }));
    expect(parts).toBe(2);
    expect(refused.code).toBe('s3-unreachable');
    expect(refused.message).toMatch(/while uploading the backup to s3:\/\/backups\/failing\/gestalt-backup-.*No backup was made/);
    expect(await keysOf('backups', 'failing/')).toEqual([]);
    expect((await client.send(new ListMultipartUploadsCommand({ Bucket: 'backups' }))).Uploads ?? []).toEqual([]);
    expect(readdirSync(source.dataDir)).not.toContain('backup.lock');
  });
});
