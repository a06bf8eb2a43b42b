import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hlsTokens, parseHlsPath, type Served } from '../../../modules/recordings/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { makeVideo } from '../../support/videos.ts';
import { NOW, recordingsOn, SECRET } from './fixture.ts';

const ACCESS_END = '2027-02-24T17:00:00.000Z';
const text = (s: Served) => (s.kind === 'playlist' ? s.body : '');
const statusOf = (s: Served) => (s.kind === 'refused' ? s.status : s.kind === 'redirect' ? 302 : s.kind === 'file' ? s.opened.status : s.kind === 'bytes' ? s.held.status : 200);
/** A segment's answer: held in memory (segment-cache.ts) or streamed, as status and length. */
const segmentOf = (s: Served) => {
  if (s.kind === 'bytes') return s.held.status === 416 ? { status: 416 } : { status: s.held.status, length: s.held.bytes.length };
  if (s.kind !== 'file') return { kind: s.kind };
  if (s.opened.status === 416) return { status: 416 };
  s.opened.body?.destroy();
  return { status: s.opened.status, length: s.opened.end - s.opened.start + 1 };
};
const split = (url: string) => { const u = new URL(url, 'https://gestalt.test'); return { path: u.pathname, token: u.searchParams.get('t') }; };

describe.each(backends)('HLS requests on $name: every playlist and segment authorised', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let app: ReturnType<typeof recordingsOn>;
  let master: { path: string; token: string | null };
  beforeAll(async () => {
    handle = await openMigrated(backend);
    app = recordingsOn(handle);
    const filePath = await makeVideo(join(app.dataDir, 'src.mp4'), { seconds: 2 });
    await app.recordings.acceptUpload({ productKey: 'trauma', uploadId: 'u1', filePath, size: 0, by: 'a' });
    await app.worker().drainOnce();
  });
  afterAll(async () => {
    await handle?.close();
    app?.cleanup();
  });
  beforeEach(async () => {
    app.clock.set(NOW);
    app.grant('buyer', 'trauma', ACCESS_END);
    master = split((await app.recordings.playbackUrl('buyer', 'trauma'))!);
  });
  const serve = (path: string, token: string | null, range: string | null = null) => app.recordings.serve(path, token, range);

  it('gives the owner the master playlist, each variant and each segment, every URI carrying the token', async () => {
    expect(master.path).toBe('/media/hls/trauma/1/master.m3u8');
    const m = await serve(master.path, master.token);
    const variants = text(m).split('\n').filter((l) => l && !l.startsWith('#'));
    expect(variants).toEqual([`360p/playlist.m3u8?t=${master.token}`, `audio/playlist.m3u8?t=${master.token}`]);
    for (const variant of variants) {
      const v = split(`/media/hls/trauma/1/${variant}`);
      const playlist = text(await serve(v.path, v.token));
      const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)![1]!;
      expect(init).toMatch(new RegExp(`^init_\\d\\.mp4\\?t=${master.token}$`));
      const segment = playlist.split('\n').find((l) => l.includes('.m4s'))!;
      expect(segment).toBe(`seg_00000.m4s?t=${master.token}`);
      const dir = v.path.slice(0, v.path.lastIndexOf('/') + 1);
      for (const file of [init, segment]) {
        const s = split(dir + file);
        expect(segmentOf(await serve(s.path, s.token))).toEqual({ status: 200, length: expect.any(Number) });
      }
      const ranged = split(dir + segment);
      expect(segmentOf(await serve(ranged.path, ranged.token, 'bytes=0-99'))).toEqual({ status: 206, length: 100 });
    }
  });

  it('refuses (403) no token, a forged or altered one, another product\'s or version\'s, and a viewer without access', async () => {
    expect(statusOf(await serve(master.path, null))).toBe(403);
    expect(statusOf(await serve('/media/hls/trauma/1/360p/seg_00000.m4s', null))).toBe(403);
    const [user, version, expires, mac] = master.token!.split('.');
    expect(statusOf(await serve(master.path, `${user}.${version}.${Number(expires) + 86_400}.${mac}`))).toBe(403);
    expect(statusOf(await serve(master.path, `${Buffer.from('intruder').toString('base64url')}.${version}.${expires}.${mac}`))).toBe(403);
    expect(statusOf(await serve('/media/hls/shame/1/master.m3u8', master.token))).toBe(403);
    expect(statusOf(await serve('/media/hls/trauma/2/master.m3u8', master.token))).toBe(403);
    // Another user's token, made by the server for someone who never bought it.
    const stranger = hlsTokens(SECRET).sign({ userId: 'stranger', productKey: 'trauma', version: 1, expires: Math.floor(Date.parse(NOW) / 1000) + 600 });
    expect(statusOf(await serve(master.path, stranger))).toBe(403);
    expect(await app.recordings.playbackUrl('stranger', 'trauma')).toBeNull();
  });

  it('refuses (403) an expired token, and every request once access ended (refund, withdrawal) or after day 90', async () => {
    app.clock.advance(31 * 60_000);
    expect(statusOf(await serve(master.path, master.token))).toBe(403);
    app.clock.set(NOW);
    expect(statusOf(await serve(master.path, master.token))).toBe(200);
    // A refund or withdrawal: purchases says the access is over at once.
    app.grant('buyer', 'trauma', null);
    expect(statusOf(await serve(master.path, master.token))).toBe(403);
    expect(statusOf(await serve('/media/hls/trauma/1/360p/seg_00000.m4s', master.token))).toBe(403);
    expect(await app.recordings.playbackUrl('buyer', 'trauma')).toBeNull();
    // Near the end of the window, the token runs out with the access.
    app.grant('buyer', 'trauma', ACCESS_END);
    app.clock.set(new Date(Date.parse(ACCESS_END) - 5 * 60_000));
    const late = (await app.recordings.playback('buyer', 'trauma'))!;
    expect(late.expiresAt.toISOString()).toBe(ACCESS_END);
    app.clock.set(ACCESS_END);
    expect(statusOf(await serve(split(late.url).path, split(late.url).token))).toBe(403);
  });

  it('answers nothing (404) to paths it does not make: traversal, sources, guessed names', async () => {
    for (const path of [
      '/media/hls/trauma/1/../../sources/trauma/u1', '/media/hls/trauma/1/360p/../../../../etc/passwd', '/media/hls/trauma/sources/u1',
      '/media/hls/../recordings/trauma/1/master.m3u8', '/media/hls/trauma/1/360p/playlist.m3u8%00', '/media/hls/Trauma/1/master.m3u8',
      '/media/hls/trauma/1/360p/source.mp4', '/media/hls/trauma/1/master.m3u8/', '/media/hls/trauma/1/%2e%2e/master.m3u8',
    ]) {
      expect(parseHlsPath(path), path).toBeNull();
      expect(statusOf(await serve(path, master.token)), path).toBe(404);
    }
    // A file that could be there but is not (a segment past the end): nothing either.
    expect(statusOf(await serve('/media/hls/trauma/1/360p/seg_00099.m4s', master.token))).toBe(404);
  });

  it('serves a segment from memory once read (its file may even be gone), still only to a viewer with access', async () => {
    const path = '/media/hls/trauma/1/360p/seg_00000.m4s';
    const first = segmentOf(await serve(path, master.token));
    await rm(join(app.dataDir, 'recordings', 'hls', 'trauma', '1', '360p', 'seg_00000.m4s'));
    expect(segmentOf(await serve(path, master.token))).toEqual(first);
    expect(segmentOf(await serve(path, master.token, 'bytes=0-9'))).toEqual({ status: 206, length: 10 });
    app.grant('buyer', 'trauma', null);
    expect(statusOf(await serve(path, master.token))).toBe(403);
  });
});
