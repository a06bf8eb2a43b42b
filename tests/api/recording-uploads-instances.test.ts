import { ListObjectsV2Command, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, signUp } from '../support/accounts.ts';
import { onPostgres, withoutPostgres } from '../support/databases.ts';
import { useTwoInstancesOnS3 } from '../support/two-instances.ts';
import { paddedVideo } from '../support/videos.ts';

const TUS = { 'tus-resumable': '1.0.0' };
const key = DEMO_KEYS.shame;

// Two instances behind one proxy share the database and the bucket, not a disk: an upload begun on one goes on on the other.
describe.skipIf(withoutPostgres)(onPostgres('a recording upload continued on another instance (S3, one PostgreSQL)'), () => {
  const site = useTwoInstancesOnS3({ ADMIN_EMAILS: 'nagrania@example.com', TRANSCODE_WORKERS: '1' });

  it('takes the first half on A, tells B the offset, takes the rest on B, and the recording is made; nothing is left under the prefix', { timeout: 120_000 }, async () => {
    const { a, b, smtp } = site;
    const admin = bearer((await signUp(a, smtp, 'nagrania@example.com', 'Ola Nagrania')).token);
    // Above S3's smallest part (5 MB) on each side: both instances send real parts of one multipart upload.
    const file = new Uint8Array(await paddedVideo(12 * 1024 * 1024));
    const half = 6 * 1024 * 1024;

    const made = await fetch(`${a.url}/api/admin/uploads`, {
      method: 'POST', headers: { ...TUS, ...admin, 'upload-length': String(file.length), 'upload-metadata': `productKey ${Buffer.from(key).toString('base64')},filename ${Buffer.from('dzien-1.mp4').toString('base64')}` },
    });
    expect(made.status).toBe(201);
    const location = made.headers.get('location')!;
    // The bucket's prefix stays inside the store: the address is the bare id, as with files on disk.
    expect(location).toMatch(/^\/api\/admin\/uploads\/[0-9a-f]+$/);
    const patch = (server: typeof a, offset: number, body: Uint8Array<ArrayBuffer>) => fetch(`${server.url}${location}`, {
      method: 'PATCH', body, headers: { ...TUS, ...admin, cookie: 'lang=en', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    });
    const first = await patch(a, 0, file.subarray(0, half));
    const failures = () => [a, b].flatMap((s) => s.output().split('\n').filter((l) => l.includes('"level":50'))).join('\n').slice(0, 3000);
    expect([first.status, first.headers.get('upload-offset')], failures()).toEqual([204, String(half)]);

    const head = await fetch(`${b.url}${location}`, { method: 'HEAD', headers: { ...TUS, ...admin } });
    expect([head.status, head.headers.get('upload-offset'), head.headers.get('upload-length')]).toEqual([200, String(half), String(file.length)]);
    // B refuses a resume from the wrong place, as A would.
    expect((await patch(b, 0, file.subarray(0, 10))).status).toBe(409);

    const rest = await patch(b, half, file.subarray(half));
    expect([rest.status, rest.headers.get('upload-offset')], failures()).toEqual([204, String(file.length)]);

    const status = async () => (await (await fetch(`${a.url}/api/admin/recordings/${key}`, { headers: { cookie: 'lang=en', ...admin } })).json()) as { current: { version: number; duration: number } | null; job: { state: string } | null };
    await expect.poll(async () => (await status()).job?.state, { timeout: 90_000, interval: 250 }).toBe('ready');
    expect((await status()).current).toEqual({ version: 1, duration: expect.any(Number) });

    // The finished upload was taken by recordings (its source and renditions live elsewhere in the bucket): no object,
    // no multipart upload is left under the uploads' prefix.
    const { client } = site.bucket;
    const objects = await client.send(new ListObjectsV2Command({ Bucket: site.bucket.name, Prefix: 'uploads/' }));
    expect(objects.Contents ?? []).toEqual([]);
    const pending = await client.send(new ListMultipartUploadsCommand({ Bucket: site.bucket.name, Prefix: 'uploads/' }));
    expect(pending.Uploads ?? []).toEqual([]);
    const everything = await client.send(new ListObjectsV2Command({ Bucket: site.bucket.name }));
    expect((everything.Contents ?? []).some((o) => o.Key?.endsWith('master.m3u8'))).toBe(true);
    // The upload's address now answers 404 on either instance.
    for (const server of [a, b]) expect((await fetch(`${server.url}${location}`, { method: 'HEAD', headers: { ...TUS, ...admin } })).status).toBe(404);
  });
});
