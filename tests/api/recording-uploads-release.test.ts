import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { HeadObjectCommand, ListMultipartUploadsCommand, ListObjectsV2Command, ListPartsCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, signUp } from '../support/accounts.ts';
import { onPostgres, withoutPostgres } from '../support/databases.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';
import { stalledPatch } from '../support/stalled-upload.ts';
import { useTwoInstancesOnS3 } from '../support/two-instances.ts';
import { paddedVideo } from '../support/videos.ts';

const TUS = { 'tus-resumable': '1.0.0' };
// The product without a demo recording: an upload here is its first version.
const key = DEMO_KEYS.shame;
const MB = 1024 * 1024;
type Status = { current: { version: number; duration: number } | null; job: { state: string } | null };

/**
 * A phone that changed networks mid-upload: its PATCH to the first server is still open, the server still waiting for
 * the rest of the body, when the app resumes (HEAD, then PATCH from the offset told) on `resume`. The resume must not
 * wait out the lock's timeout (30 s): the open request is asked to let go, stops within the server's drain time
 * (@tus/server's lockDrainTimeout, 3 s) with what it received stored, and is answered. The client relies on the offset
 * HEAD tells: it is what `persisted()` finds stored, and the PATCH from it finishes the upload.
 */
async function phoneSwitchesNetworks(o: {
  first: RunningServer; resume: RunningServer; admin: Record<string, string>; file: Uint8Array<ArrayBuffer>; sent: number;
  /** The fewest bytes the released request leaves stored: what the store keeps of what it received. */
  kept: number;
  /** The bytes of the upload the store holds now. */
  persisted: (location: string) => Promise<number>;
  /** Resolves once the first server is writing the stalled request's bytes (it holds the upload's lock). */
  writing: (location: string) => Promise<void>;
}) {
  const { first, resume, admin, file, sent } = o;
  const failures = () => [first, resume].flatMap((s) => s.output().split('\n').filter((l) => l.includes('"level":50'))).join('\n').slice(0, 3000);
  const made = await fetch(`${first.url}/api/admin/uploads`, {
    method: 'POST', headers: { ...TUS, ...admin, 'upload-length': String(file.length), 'upload-metadata': `productKey ${Buffer.from(key).toString('base64')},filename ${Buffer.from('dzien-1.mp4').toString('base64')}` },
  });
  expect(made.status).toBe(201);
  const location = made.headers.get('location')!;

  const stalled = await stalledPatch(`${first.url}${location}`, { ...TUS, ...admin, cookie: 'lang=en' }, file.length, file.subarray(0, sent));
  try {
    await o.writing(location);
    expect(stalled.ended()).toBeNull();

    // The resume: HEAD waits for the lock, which the stalled request gives up when asked (a bound well under the
    // lock's 30 s, and the server's 30 s for a whole request, which would end the stalled one anyway).
    const head = await fetch(`${resume.url}${location}`, { method: 'HEAD', headers: { ...TUS, ...admin }, signal: AbortSignal.timeout(20_000) })
      .catch(() => { throw new Error(`HEAD on the resuming instance waited 20 s: the stalled request kept the lock\n${failures()}`); });
    expect([head.status, head.headers.get('upload-length')], failures()).toEqual([200, String(file.length)]);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(await o.persisted(location));
    expect(offset).toBeGreaterThanOrEqual(o.kept);
    expect(offset).toBeLessThanOrEqual(sent);

    // The stalled request has ended; if its answer reached the client, it tells the same offset.
    await expect.poll(() => stalled.ended(), { timeout: 15_000, interval: 100 }).not.toBeNull();
    const end = stalled.ended()!;
    if ('status' in end) expect(end).toEqual({ status: 204, offset: String(offset) });

    const rest = await fetch(`${resume.url}${location}`, {
      method: 'PATCH', body: file.subarray(offset), headers: { ...TUS, ...admin, cookie: 'lang=en', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    });
    expect([rest.status, rest.headers.get('upload-offset')], failures()).toEqual([204, String(file.length)]);
  } finally {
    stalled.close();
  }

  const status = async () => (await (await fetch(`${resume.url}/api/admin/recordings/${key}`, { headers: { cookie: 'lang=en', ...admin } })).json()) as Status;
  await expect.poll(async () => (await status()).job?.state, { timeout: 60_000, interval: 250 }).toBe('ready');
  expect((await status()).current).toEqual({ version: 1, duration: expect.any(Number) });
  expect(failures()).toBe('');
  for (const server of [first, resume]) expect(server.process.exitCode).toBeNull();
}

// One instance on PGlite: @tus/server's own in-memory locker, parts as files on disk.
describe('a stalled upload released for its resume, one instance without PostgreSQL', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'nagrania@example.com', TRANSCODE_WORKERS: '1' }, { usePostgres: false });
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  it('given a PATCH left open part-way, when the client resumes with HEAD and PATCH, then it is told the bytes on disk and finishes', { timeout: 90_000 }, async () => {
    const admin = bearer((await signUp(server, smtp, 'nagrania@example.com', 'Ola Nagrania')).token);
    const file = new Uint8Array(await paddedVideo(12 * MB));
    const sent = 5 * MB + 4321;
    const onDisk = async (location: string) => (await stat(join(server.dataDir, 'recording-uploads', location.slice(location.lastIndexOf('/') + 1))).catch(() => null))?.size ?? 0;
    await phoneSwitchesNetworks({
      first: server, resume: server, admin, file, sent, kept: sent, persisted: onDisk,
      // On disk the bytes land as they come: all of them, before the resume.
      writing: (location) => expect.poll(() => onDisk(location), { timeout: 15_000, interval: 100 }).toBe(sent),
    });
  });
});

// Two instances on one PostgreSQL, the parts in one bucket: the ask to let go travels by NOTIFY.
describe.skipIf(withoutPostgres)(onPostgres('a stalled upload on one instance released for its resume on another (S3, one PostgreSQL)'), () => {
  const site = useTwoInstancesOnS3({ ADMIN_EMAILS: 'nagrania@example.com', TRANSCODE_WORKERS: '1' });

  it('given a PATCH to A left open part-way, when the client resumes on B, then B is told what A stored and finishes; nothing is left under the prefix', { timeout: 90_000 }, async () => {
    const { a, b, smtp } = site;
    const admin = bearer((await signUp(a, smtp, 'nagrania@example.com', 'Ola Nagrania')).token);
    const { client } = site.bucket;
    const Bucket = site.bucket.name;
    const Key = (location: string) => `uploads/${location.slice(location.lastIndexOf('/') + 1)}`;
    const parts = async (location: string) => {
      const pending = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: Key(location) }));
      const UploadId = pending.Uploads?.[0]?.UploadId;
      if (!UploadId) return [];
      return (await client.send(new ListPartsCommand({ Bucket, Key: Key(location), UploadId }))).Parts ?? [];
    };
    // Whole parts in the multipart upload, and a tail under S3's smallest part kept as `<key>.part`.
    const persisted = async (location: string) => {
      const tail = await client.send(new HeadObjectCommand({ Bucket, Key: `${Key(location)}.part` })).then((h) => h.ContentLength ?? 0, () => 0);
      return (await parts(location)).reduce((sum, p) => sum + (p.Size ?? 0), 0) + tail;
    };
    // 12 MB in 8 MB parts: A sends one whole part before the line goes quiet, and part of the next.
    const file = new Uint8Array(await paddedVideo(12 * MB));
    const sent = 9 * MB + 4321;
    await phoneSwitchesNetworks({
      // The whole part, and the tail (held by A in a temporary file until its request ends) as `<key>.part`.
      first: a, resume: b, admin, file, sent, kept: 8 * MB + 1, persisted,
      writing: (location) => expect.poll(async () => (await parts(location)).length, { timeout: 15_000, interval: 100 }).toBe(1),
    });

    const objects = await client.send(new ListObjectsV2Command({ Bucket, Prefix: 'uploads/' }));
    expect(objects.Contents ?? []).toEqual([]);
    const pending = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: 'uploads/' }));
    expect(pending.Uploads ?? []).toEqual([]);
  });
});
