import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { probeFile, transcode } from '../../../modules/recordings/index.ts';
import { isDomainError } from '../../../modules/shared/kernel/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { makeVideo } from '../../support/videos.ts';
import { recordingsOn } from './fixture.ts';

const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (isDomainError(e) ? e.code : e));

/**
 * Issue 34, item 1: a text playlist uploaded as a recording made ffmpeg copy the file it named (outside DATA_DIR) into
 * a served rendition. A file "of the server's" here is a real 3 s video in a directory of its own, outside DATA_DIR.
 */
describe.each(backends)('an uploaded file that names other files, on $name', (backend) => {
  let outside: string;
  let secret: string;
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let app: ReturnType<typeof recordingsOn>;
  beforeAll(async () => {
    outside = await mkdtemp(join(tmpdir(), 'server-files-'));
    secret = await makeVideo(join(outside, 'secret.mp4'), { seconds: 3 });
    await makeVideo(join(outside, 'secret.ts'), { seconds: 3 });
  });
  afterAll(async () => { await rm(outside, { recursive: true, force: true }); });
  beforeEach(async () => {
    handle = await openMigrated(backend);
    app = recordingsOn(handle);
  });
  afterEach(async () => {
    await handle?.close();
    app?.cleanup();
  });

  const write = async (name: string, text: string) => { const path = join(app.dataDir, name); await writeFile(path, text); return path; };
  const hls = () => write('dzien-1.mp4', `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:3\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:3.0,\n${join(outside, 'secret.ts')}\n#EXT-X-ENDLIST\n`);
  const accept = (uploadId: string, filePath: string) => app.recordings.acceptUpload({ productKey: 'trauma', uploadId, filePath, size: 0, by: 'admin-1' });
  const stored = async () => (await readdir(join(app.dataDir, 'recordings'), { recursive: true }).catch(() => [] as string[]));

  it('refuses an HLS playlist as recording-format, queues nothing and keeps nothing of it', async () => {
    const playlist = await hls();
    // ffprobe names it (hls) and opens none of what it lists: refused by that name.
    const probed = await probeFile(playlist);
    expect([probed.format, probed.readable]).toEqual(['hls', false]);
    expect(await refusal(accept('hls', playlist))).toBe('recording-format');
    expect(existsSync(playlist)).toBe(false);
    expect(await app.worker().drainOnce()).toBe(0);
    expect(await app.recordings.statusOf('trauma')).toEqual({ current: null, job: null });
    expect(await stored()).toEqual([]);
  });

  it('refuses a concat script and a DASH manifest naming a server file the same way', async () => {
    const concat = await write('concat.mp4', `ffconcat version 1.0\nfile '${secret}'\n`);
    expect(await refusal(accept('concat', concat))).toBe('recording-format');
    const dash = await write('manifest.webm', `<?xml version="1.0"?>\n<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT3S" minBufferTime="PT1S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011"><Period><AdaptationSet mimeType="video/mp4"><Representation id="1" bandwidth="100000"><BaseURL>file://${secret}</BaseURL></Representation></AdaptationSet></Period></MPD>\n`);
    expect(await refusal(accept('dash', dash))).toBe('recording-format');
    expect(await app.recordings.statusOf('trauma')).toEqual({ current: null, job: null });
  });

  it('is refused by ffmpeg too when it reaches the transcode some other way: no rendition of the file it names', async () => {
    const out = join(app.dataDir, 'out');
    const outcome = await transcode({ source: await hls(), out, width: 640, height: 360, duration: 3 });
    expect(outcome.ok).toBe(false);
    const written = await readdir(out, { recursive: true }).catch(() => [] as string[]);
    expect(written.filter((f) => f.endsWith('.m4s'))).toEqual([]);
  });

  it('refuses a recording of 0.04 s as too short, and takes a real 1.2 s MP4 and WebM, each transcoded', async () => {
    const blip = await makeVideo(join(app.dataDir, 'blip.mp4'), { seconds: 0.04 });
    expect(await refusal(accept('blip', blip))).toBe('recording-too-short');
    expect(existsSync(blip)).toBe(false);

    await accept('short-mp4', await makeVideo(join(app.dataDir, 'short.mp4'), { seconds: 1.2 }));
    expect(await app.worker().drainOnce()).toBe(1);
    expect(await app.recordings.statusOf('trauma')).toEqual({ current: { version: 1, duration: expect.closeTo(1.2, 0) }, job: { state: 'ready', progress: 1, error: null } });
    await accept('short-webm', await makeVideo(join(app.dataDir, 'short.webm'), { seconds: 1.2 }));
    expect(await app.worker().drainOnce()).toBe(1);
    expect((await app.recordings.statusOf('trauma')).current?.version).toBe(2);
    expect(await stored()).toContain(join('hls', 'trauma', '2', 'master.m3u8'));
  });
});
