import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Upload, type UploadOptions } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';
import { startTcpProxy } from '../support/tcp-proxy.ts';
import { makeVideo, paddedVideo } from '../support/videos.ts';

const TUS = { 'tus-resumable': '1.0.0' };
// The product without a demo recording: an upload here is its first version.
const key = DEMO_KEYS.shame;
type Status = { current: { version: number; duration: number } | null; job: { state: string; progress: number; error: string | null; message: string } | null };

/** Runs one tus upload to its end or its first error (no automatic retries: the test decides when to resume). */
function send(file: Buffer, options: UploadOptions & { cutAt?: (sent: number) => boolean }): Promise<{ url: string | null; error: Error | null; firstOffset: number | null }> {
  return new Promise((resolve) => {
    let firstOffset: number | null = null;
    const upload: Upload = new Upload(file, {
      retryDelays: null,
      ...options,
      onProgress: (sent) => {
        firstOffset ??= sent;
        if (options.cutAt?.(sent)) options.cutAt = undefined;
      },
      onSuccess: () => resolve({ url: upload.url, error: null, firstOffset }),
      onError: (error) => resolve({ url: upload.url, error, firstOffset }),
    });
    upload.start();
  });
}

describe('recording uploads: tus at /api/admin/uploads (admin only)', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'nagrania@example.com', TRANSCODE_WORKERS: '1' });
    admin = (await signUp(server, smtp, 'nagrania@example.com', 'Ola Nagrania')).token;
    user = (await signUp(server, smtp, 'widz@example.com', 'Jan Widz')).token;
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const create = (headers: Record<string, string>) => fetch(`${server.url}/api/admin/uploads`, {
    method: 'POST', headers: { ...TUS, cookie: 'lang=en', 'upload-metadata': `productKey ${Buffer.from(key).toString('base64')}`, ...headers },
  });
  const status = async (token = admin) => (await (await fetch(`${server.url}/api/admin/recordings/${key}`, { headers: { cookie: 'lang=en', ...bearer(token) } })).json()) as Status;

  it('answers 401 without a session and 403 for a user, on creating, asking the offset and sending bytes', async () => {
    const anonymous = await create({ 'upload-length': '10' });
    expect([anonymous.status, (await anonymous.json()).message]).toEqual([401, 'You need to be logged in.']);
    expect((await create({ 'upload-length': '10', ...bearer(user) })).status).toBe(403);
    const made = await create({ 'upload-length': '10', ...bearer(admin) });
    expect(made.status).toBe(201);
    const location = made.headers.get('location')!;
    expect(location).toMatch(/^\/api\/admin\/uploads\/[0-9a-f]+$/);
    expect((await fetch(`${server.url}${location}`, { method: 'HEAD', headers: { ...TUS, ...bearer(user) } })).status).toBe(403);
    const patch = await fetch(`${server.url}${location}`, {
      method: 'PATCH', body: 'x'.repeat(10), headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    });
    expect(patch.status).toBe(401);
    const head = await fetch(`${server.url}${location}`, { method: 'HEAD', headers: { ...TUS, ...bearer(admin) } });
    expect([head.status, head.headers.get('upload-offset')]).toEqual([200, '0']);
  });

  it('refuses over 20 GB (413), an empty file, an unknown product and an unknown length, with a message', async () => {
    const big = await create({ 'upload-length': String(20 * 1024 ** 3 + 1), ...bearer(admin) });
    expect([big.status, (await big.json()).message]).toEqual([413, 'The file is too large: a recording may be at most 20 GB.']);
    expect((await create({ 'upload-length': String(20 * 1024 ** 3), ...bearer(admin) })).status).toBe(201);
    const empty = await create({ 'upload-length': '0', ...bearer(admin), cookie: 'lang=pl' });
    expect([empty.status, (await empty.json()).message]).toEqual([400, 'Ten plik jest pusty (0 bajtów). Wybierz plik z nagraniem.']);
    const unknown = await create({ 'upload-length': '10', ...bearer(admin), 'upload-metadata': `productKey ${Buffer.from('nope').toString('base64')}` });
    expect([unknown.status, (await unknown.json()).message]).toEqual([404, 'There is no such event in the catalogue.']);
    const deferred = await create({ 'upload-defer-length': '1', ...bearer(admin) });
    expect(deferred.status).toBe(400);
  });

  it('refuses a 0-byte file sent by tus-js-client with the message', async () => {
    const result = await send(Buffer.alloc(0), { endpoint: `${server.url}/api/admin/uploads`, headers: bearer(admin), metadata: { productKey: key } });
    expect(result.error?.message).toContain('0 bajtów');
  });

  it('refuses a file that is not a video with the recordings module\'s message, and keeps nothing of it', async () => {
    const junk = randomBytes(64 * 1024);
    const polish = await send(junk, { endpoint: `${server.url}/api/admin/uploads`, headers: bearer(admin), metadata: { productKey: key, filename: 'notatki.pdf' } });
    expect(polish.error?.message).toContain('To nie jest film. Wyślij nagranie wideo');
    const made = await create({ 'upload-length': String(junk.length), ...bearer(admin) });
    const patch = await fetch(`${server.url}${made.headers.get('location')!}`, {
      method: 'PATCH', body: junk, headers: { ...TUS, ...bearer(admin), cookie: 'lang=en', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    });
    expect([patch.status, (await patch.json()).message]).toEqual([415, 'This is not a video. Send a video recording (for example an MP4 from Zoom).']);
    expect(await status()).toEqual({ current: null, job: null });
  });

  // Issue 34, item 1: a playlist naming a server file outside DATA_DIR once came back as a served rendition of it.
  it('refuses an HLS playlist naming a file of the server (415) and a 0.04 s video (422), each with its message, and makes no rendition', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'server-files-'));
    try {
      await makeVideo(join(outside, 'secret.ts'), { seconds: 3 });
      const whole = async (bytes: Uint8Array, lang: string) => {
        const body = new Uint8Array(bytes);
        const made = await create({ 'upload-length': String(body.length), ...bearer(admin) });
        const patch = await fetch(`${server.url}${made.headers.get('location')!}`, {
          method: 'PATCH', body, headers: { ...TUS, ...bearer(admin), cookie: `lang=${lang}`, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        });
        return [patch.status, ((await patch.json()) as { message: string }).message];
      };
      const playlist = Buffer.from(`#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:3\n#EXTINF:3.0,\n${join(outside, 'secret.ts')}\n#EXT-X-ENDLIST\n`);
      expect(await whole(playlist, 'en')).toEqual([415, expect.stringMatching(/^This kind of file is not taken as a recording\. Send a video file in MP4, MOV, MKV, WebM or AVI\./)]);
      expect(await whole(playlist, 'pl')).toEqual([415, expect.stringMatching(/^Tego rodzaju pliku nie przyjmujemy jako nagrania\./)]);
      const blip = await readFile(await makeVideo(join(outside, 'blip.mp4'), { seconds: 0.04 }));
      expect(await whole(blip, 'en')).toEqual([422, 'The recording is shorter than a second, so it cannot replace the recording of the event. Send the whole recording file.']);
      expect(await status()).toEqual({ current: null, job: null });
      expect(await readdir(join(server.dataDir, 'recordings', 'hls')).catch(() => [])).not.toContain(key);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('continues an upload cut off mid-way from the offset the server reports, and hands the whole file to recordings, which transcodes it', async () => {
    const proxy = await startTcpProxy('127.0.0.1', server.port);
    try {
      const file = await paddedVideo(48 * 1024 * 1024);
      const options = { endpoint: `http://127.0.0.1:${proxy.port}/api/admin/uploads`, headers: bearer(admin), metadata: { productKey: key, filename: 'dzien-1.mp4' } };
      const first = await send(file, { ...options, cutAt: (sent) => { if (sent < 8 * 1024 * 1024) return false; proxy.cut(); return true; } });
      expect(first.error).not.toBeNull();
      expect(first.url).toMatch(/\/api\/admin\/uploads\/[0-9a-f]+$/);
      proxy.restore();
      const path = new URL(first.url!).pathname;
      const head = await fetch(`${server.url}${path}`, { method: 'HEAD', headers: { ...TUS, ...bearer(admin) } });
      const offset = Number(head.headers.get('upload-offset'));
      expect(head.headers.get('upload-length')).toBe(String(file.length));
      expect(offset).toBeGreaterThan(0);
      expect(offset).toBeLessThan(file.length);

      const second = await send(file, { ...options, uploadUrl: first.url! });
      expect(second.error).toBeNull();
      // The second run asked the server where to go on and started there, not from zero.
      expect(second.firstOffset).toBeGreaterThanOrEqual(offset);
      const id = path.slice(path.lastIndexOf('/') + 1);
      // The finished upload left the tus folder: modules/recordings owns it now, and transcodes it.
      expect(await readdir(join(server.dataDir, 'recording-uploads'))).not.toContain(id);
      expect(['queued', 'running', 'ready']).toContain((await status()).job?.state);
      await expect.poll(async () => (await status()).job?.state, { timeout: 60_000, interval: 250 }).toBe('ready');
      const ready = await status();
      expect(ready).toEqual({ current: { version: 1, duration: expect.any(Number) }, job: { state: 'ready', progress: 1, error: null, message: 'Ready to play' } });
      expect(ready.current!.duration).toBeCloseTo(2, 0);
      expect((await fetch(`${server.url}/api/admin/recordings/${key}`, { headers: bearer(user) })).status).toBe(403);
    } finally {
      await proxy.close();
    }
  });
});
