import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDomainError } from '../../../modules/shared/kernel/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { makeVideo, probeStreams } from '../../support/videos.ts';
import { recordingsOn } from './fixture.ts';

const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (isDomainError(e) ? e.code : e));

describe.each(backends)('an uploaded recording on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let app: ReturnType<typeof recordingsOn>;
  beforeEach(async () => {
    handle = await openMigrated(backend);
    app = recordingsOn(handle);
  });
  afterEach(async () => {
    await handle?.close();
    app?.cleanup();
  });

  const upload = async (uploadId: string, opts: Parameters<typeof makeVideo>[1] = {}, name = `${uploadId}.mp4`) => {
    const filePath = await makeVideo(join(app.dataDir, name), opts);
    return app.recordings.acceptUpload({ productKey: 'trauma', uploadId, filePath, size: 0, by: 'admin-1' });
  };
  const storedFile = (key: string) => join(app.dataDir, 'recordings', key);

  it('is transcoded into an HLS ladder no higher than its source, plus audio only, each rendition H.264/AAC in fMP4', async () => {
    await upload('u1', { width: 854, height: 480, seconds: 3 });
    expect(await app.recordings.statusOf('trauma')).toEqual({ current: null, job: { state: 'queued', progress: 0, error: null } });
    expect(await app.worker().drainOnce()).toBe(1);
    expect(await app.recordings.statusOf('trauma')).toEqual({ current: { version: 1, duration: expect.closeTo(3, 0) }, job: { state: 'ready', progress: 1, error: null } });

    const master = await readFile(storedFile('hls/trauma/1/master.m3u8'), 'utf8');
    const variants = [...master.matchAll(/#EXT-X-STREAM-INF:(.*)\n(.*)/g)].map((m) => ({ attrs: m[1]!, uri: m[2]! }));
    expect(variants.map((v) => v.uri)).toEqual(['360p/playlist.m3u8', '480p/playlist.m3u8', 'audio/playlist.m3u8']);
    expect(variants[0]!.attrs).toMatch(/^BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,RESOLUTION=640x360,CODECS="avc1\.64001e,mp4a\.40\.2"$/);
    expect(variants[1]!.attrs).toMatch(/RESOLUTION=854x480,CODECS="avc1\.64001f,mp4a\.40\.2"/);
    expect(variants[2]!.attrs).toMatch(/^BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,CODECS="mp4a\.40\.2"$/);

    for (const [name, height] of [['360p', 360], ['480p', 480], ['audio', null]] as const) {
      const playlist = await readFile(storedFile(`hls/trauma/1/${name}/playlist.m3u8`), 'utf8');
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)![1]!;
      const segments = playlist.split('\n').filter((l) => l.endsWith('.m4s'));
      expect(segments.length).toBe(1);
      expect(Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(playlist)![1])).toBeLessThanOrEqual(4);
      // The init segment and the first media segment together are a playable fMP4 file.
      const joined = join(app.dataDir, `${name}.mp4`);
      await writeFile(joined, Buffer.concat([await readFile(storedFile(`hls/trauma/1/${name}/${init}`)), await readFile(storedFile(`hls/trauma/1/${name}/${segments[0]}`))]));
      const probed = await probeStreams(joined);
      expect(probed.streams).toEqual(height === null ? [{ type: 'audio', codec: 'aac' }]
        : [{ type: 'video', codec: 'h264', width: expect.any(Number), height }, { type: 'audio', codec: 'aac' }]);
    }
    // The source is gone once its renditions exist.
    expect(existsSync(storedFile('sources/trauma/u1'))).toBe(false);
  });

  it('refuses what is no recording, each with its code, and deletes the refused file', async () => {
    const text = join(app.dataDir, 'notes.mp4');
    await writeFile(text, 'not a video at all\n');
    expect(await refusal(app.recordings.acceptUpload({ productKey: 'trauma', uploadId: 'txt', filePath: text, size: 19, by: 'a' }))).toBe('recording-not-video');
    expect(existsSync(text)).toBe(false);
    const empty = join(app.dataDir, 'empty.mp4');
    await writeFile(empty, '');
    expect(await refusal(app.recordings.acceptUpload({ productKey: 'trauma', uploadId: 'empty', filePath: empty, size: 0, by: 'a' }))).toBe('recording-empty');
    expect(await refusal(upload('silent', { audio: false }))).toBe('recording-no-audio');
    expect(await refusal(upload('sound', { video: false }, 'sound.m4a'))).toBe('recording-no-video');
    // Cut in half: with its index at the end ffprobe cannot read it; with its index first, the index promises more.
    expect(await refusal(upload('cut', { cut: 0.5 }))).toBe('recording-truncated');
    expect(await refusal(upload('cut-fast', { cut: 0.5, faststart: true, seconds: 4 }))).toBe('recording-truncated');
    expect(await app.recordings.statusOf('trauma')).toEqual({ current: null, job: null });
  });

  it('refuses a second upload while one waits or transcodes; a failed one never replaces the recording playing', async () => {
    await upload('u1');
    expect(await refusal(upload('u2'))).toBe('recording-busy');
    expect(existsSync(join(app.dataDir, 'u2.mp4'))).toBe(false);
    await app.worker().drainOnce();
    // A WebM cut short passes the probe (its header gives the full duration) and fails in the transcode.
    await upload('u3', { seconds: 3, cut: 0.55 }, 'u3.webm');
    expect((await app.recordings.statusOf('trauma')).job).toEqual({ state: 'queued', progress: 0, error: null });
    await app.worker().drainOnce();
    expect(await app.recordings.statusOf('trauma')).toEqual({ current: { version: 1, duration: expect.any(Number) }, job: { state: 'failed', progress: expect.any(Number), error: 'recording-truncated' } });
    expect(existsSync(storedFile('hls/trauma/1/master.m3u8'))).toBe(true);
    expect(existsSync(storedFile('hls/trauma/2'))).toBe(false);
    // After a failure a new upload is taken, as version 3.
    await upload('u4');
    await app.worker().drainOnce();
    expect((await app.recordings.statusOf('trauma')).current?.version).toBe(3);
  });

  it('runs once when two instances\' workers reach it together', async () => {
    await upload('u1');
    const counts = await Promise.all([app.worker().drainOnce(), app.worker().drainOnce()]);
    expect(counts.sort()).toEqual([0, 1]);
    const started = (await app.store.readStream('recording-trauma')).filter((e) => e.type === 'TranscodeStarted');
    expect(started).toHaveLength(1);
  });

  it('keeps its claim while ffmpeg runs, and is run again when the instance running it died', async () => {
    const short = recordingsOn(handle, { leaseMs: 400 });
    try {
      const filePath = await makeVideo(join(short.dataDir, 'long.mp4'), { width: 854, height: 480, seconds: 4 });
      await short.recordings.acceptUpload({ productKey: 'breath', uploadId: 'l1', filePath, size: 0, by: 'a' });
      // A crashed instance: claimed, started, never finished; its lease ran out.
      await sql`update outbox set claim_token = 'dead', claimed_until = now() - interval '1 second', attempts = 1 where topic = 'recording-transcode'`.execute(handle.db);
      const first = short.worker().drainOnce();
      // While it runs (longer than its 400 ms lease), another worker finds nothing to take.
      await new Promise((r) => setTimeout(r, 900));
      expect(await short.worker().drainOnce()).toBe(0);
      expect(await first).toBe(1);
      expect((await short.recordings.statusOf('breath')).current?.version).toBe(1);
      const { rows } = await sql<{ status: string }>`select status from outbox where topic = 'recording-transcode'`.execute(handle.db);
      expect(rows).toEqual([{ status: 'done' }]);
    } finally {
      short.cleanup();
    }
  });
});
