import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Served } from '../../../modules/recordings/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { startS3 } from '../../support/s3.ts';
import { makeVideo } from '../../support/videos.ts';
import { recordingsOn } from './fixture.ts';

const split = (url: string) => { const u = new URL(url, 'https://gestalt.test'); return { path: u.pathname, token: u.searchParams.get('t') }; };
const bytes = async (s: Served) => {
  if (s.kind === 'bytes') return s.held.status === 416 ? null : s.held.bytes;
  if (s.kind !== 'file' || s.opened.status === 416 || !s.opened.body) return null;
  const chunks: Buffer[] = [];
  for await (const c of s.opened.body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe.each(backends.slice(0, 1))('recordings in an S3-compatible bucket (s3rver on loopback, $name)', (backend) => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let app: ReturnType<typeof recordingsOn>;
  let redirecting: ReturnType<typeof recordingsOn>;
  beforeAll(async () => {
    s3 = await startS3();
    handle = await openMigrated(backend);
    app = recordingsOn(handle, { env: s3.env });
    redirecting = recordingsOn(handle, { env: { ...s3.env, S3_REDIRECT: 'true' } });
    const filePath = await makeVideo(join(app.dataDir, 'src.mp4'), { seconds: 2 });
    await app.recordings.acceptUpload({ productKey: 'trauma', uploadId: 'u1', filePath, size: 0, by: 'a' });
    await app.worker().drainOnce();
    for (const a of [app, redirecting]) a.grant('buyer', 'trauma', '2027-02-24T17:00:00.000Z');
  });
  afterAll(async () => {
    await handle?.close();
    app?.cleanup();
    redirecting?.cleanup();
    await s3?.stop();
  });

  it('transcodes into the bucket and serves playlists and segments through the server, with ranges', async () => {
    expect(app.recordings.storageKind).toBe('s3');
    expect((await app.recordings.statusOf('trauma')).current?.version).toBe(1);
    const master = split((await app.recordings.playbackUrl('buyer', 'trauma'))!);
    const m = await app.recordings.serve(master.path, master.token, null);
    expect(m.kind === 'playlist' && m.body).toContain(`360p/playlist.m3u8?t=${master.token}`);
    const variant = await app.recordings.serve('/media/hls/trauma/1/360p/playlist.m3u8', master.token, null);
    expect(variant.kind === 'playlist' && variant.body).toContain(`seg_00000.m4s?t=${master.token}`);
    const whole = await bytes(await app.recordings.serve('/media/hls/trauma/1/360p/seg_00000.m4s', master.token, null));
    expect(whole!.length).toBeGreaterThan(1000);
    const part = await app.recordings.serve('/media/hls/trauma/1/360p/seg_00000.m4s', master.token, 'bytes=10-109');
    expect(part.kind === 'bytes' ? part.held.status : part.kind === 'file' && part.opened.status).toBe(206);
    expect((await bytes(part))!.equals(whole!.subarray(10, 110))).toBe(true);
    expect((await app.recordings.serve('/media/hls/trauma/1/360p/seg_00000.m4s', null, null)).kind).toBe('refused');
  });

  // s3rver answers anonymous GETs (it implements no ACLs), so a private bucket cannot be proven here; we never set an ACL.
  it('deletes the uploaded source from the bucket once its renditions are stored', async () => {
    expect((await fetch(`${s3.endpoint}/${s3.bucket}/sources/trauma/u1`)).status).toBe(404);
    expect((await fetch(`${s3.endpoint}/${s3.bucket}/hls/trauma/1/master.m3u8`)).status).toBe(200);
  });

  it('can redirect a segment to a presigned URL valid 60 seconds at most, after the same checks', async () => {
    const master = split((await redirecting.recordings.playbackUrl('buyer', 'trauma'))!);
    const served = await redirecting.recordings.serve('/media/hls/trauma/1/360p/seg_00000.m4s', master.token, null);
    expect(served.kind).toBe('redirect');
    const location = new URL(served.kind === 'redirect' ? served.location : '');
    expect(Number(location.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(60);
    expect(location.searchParams.get('X-Amz-Date')).toBeTruthy();
    expect((await fetch(location)).status).toBe(200);
    expect((await redirecting.recordings.serve('/media/hls/trauma/1/360p/seg_00000.m4s', 'forged', null)).kind).toBe('refused');
    // Playlists are never redirected: their tokens are written in by the server.
    expect((await redirecting.recordings.serve(master.path, master.token, null)).kind).toBe('playlist');
  });
});
