import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../support/accounts.ts';
import { executable, jpegWithGps, mp4Head, png, pngBomb, svgWithScript, truncatedJpeg } from '../support/images.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('uploads: POST /api/admin/media, GET /media/uploads/…', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'foto@example.com' });
    admin = (await signUp(server, smtp, 'foto@example.com', 'Ola Fotograf')).token;
    user = (await signUp(server, smtp, 'widz@example.com', 'Jan Widz')).token;
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const upload = async (body: Uint8Array | ReadableStream, opts: { token?: string; kind?: string; type?: string; lang?: 'pl' | 'en' } = {}) => {
    const res = await fetch(`${server.url}/api/admin/media${opts.kind ? `?kind=${opts.kind}` : ''}`, {
      method: 'POST', body, duplex: 'half',
      headers: { 'content-type': opts.type ?? 'application/octet-stream', cookie: `lang=${opts.lang ?? 'pl'}`, ...(opts.token ? bearer(opts.token) : {}) },
    } as RequestInit);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const stored = async () => (await readdir(join(server.dataDir, 'uploads')).catch(() => [] as string[])).filter((n) => !n.startsWith('.')).sort();
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}${path}`, { headers });
    return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('takes uploads from admins only: 401 without a session, 403 for a user, nothing stored', async () => {
    const photo = await png(400, 300);
    expect(await upload(photo)).toEqual({ status: 401, body: { message: 'Musisz być zalogowany.' } });
    expect(await upload(photo, { token: user, lang: 'en' })).toEqual({ status: 403, body: { message: 'Access denied.' } });
    expect(await stored()).toEqual([]);
  });

  it('refuses what is not a picture, whatever its name or type says, with a clear message and nothing stored', async () => {
    const before = await stored();
    const cases: [Uint8Array, string, number, RegExp][] = [
      [executable(), 'image/jpeg', 415, /^To nie jest obraz\. Wyślij zdjęcie JPEG, PNG/],
      [svgWithScript(), 'image/svg+xml', 415, /^Pliki SVG nie są przyjmowane \(mogą zawierać skrypty\)/],
      [pngBomb(), 'image/png', 422, /^Obraz ma za dużo pikseli: najwyżej 40 megapikseli\.$/],
      [await truncatedJpeg(), 'image/jpeg', 422, /^Nie da się odczytać tego obrazu: plik jest uszkodzony lub niepełny\.$/],
    ];
    for (const [bytes, type, status, message] of cases) {
      const answer = await upload(bytes, { token: admin, kind: 'image', type });
      expect(answer.status, String(message)).toBe(status);
      expect(answer.body['message']).toMatch(message);
    }
    expect((await upload(executable(), { token: admin, kind: 'image', lang: 'en' })).body['message']).toBe('This is not a picture. Send a JPEG, PNG, WebP, AVIF or GIF picture.');
    expect(await stored()).toEqual(before);
  });

  it('refuses a body over 20 MB with 413, declared or not, and stores nothing', async () => {
    const before = await stored();
    const big = Buffer.alloc(21 * 1024 * 1024, 0xff);
    big.set([0xff, 0xd8, 0xff], 0);
    expect(await upload(big, { token: admin, kind: 'image' })).toEqual({ status: 413, body: { message: 'Plik jest za duży: najwyżej 20 MB.' } });
    // Sent in chunks without a Content-Length: counted as it arrives.
    const chunks = Array.from({ length: 21 }, () => Buffer.alloc(1024 * 1024, 0xff));
    const stream = new ReadableStream({ pull(c) { const next = chunks.shift(); if (next) c.enqueue(next); else c.close(); } });
    expect(await upload(stream, { token: admin, kind: 'image', lang: 'en' })).toEqual({ status: 413, body: { message: 'The file is too large: 20 MB at most.' } });
    expect(await stored()).toEqual(before);
  });

  it('keeps a phone photo without its GPS position in any variant, turned upright', async () => {
    const photo = await jpegWithGps(2400, 1600);
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('SecretCam');
    const answer = await upload(photo, { token: admin, kind: 'image', type: 'image/jpeg' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ kind: 'image', width: 1600, height: 2400, path: expect.stringMatching(/^\/media\/uploads\/[0-9a-f]{32}-1600x2400$/) });
    const path = answer.body['path'] as string;
    for (const width of [320, 640, 960, 1280, 1600]) {
      for (const ext of ['avif', 'webp', 'jpg']) {
        const variant = await get(`${path}/${width}.${ext}`);
        expect(variant.status, `${width}.${ext}`).toBe(200);
        const meta = await sharp(variant.bytes).metadata();
        expect(meta.width).toBe(width);
        expect(meta.exif, `${width}.${ext} carries no EXIF`).toBeUndefined();
        expect(variant.bytes.toString('latin1')).not.toContain('SecretCam');
      }
    }
    expect((await get(`${path}/1920.jpg`)).status).toBe(404);
  });

  it('serves a PNG as AVIF, WebP and JPEG at several widths, each with its type and cached for a year, signed in or not', async () => {
    const answer = await upload(await png(2000, 1200), { token: admin, kind: 'image', type: 'image/png' });
    expect(answer.status).toBe(200);
    const path = answer.body['path'] as string;
    expect(path).toMatch(/-2000x1200$/);
    const types = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const;
    for (const width of [320, 640, 960, 1280, 1920]) {
      for (const [ext, type] of Object.entries(types)) {
        const variant = await get(`${path}/${width}.${ext}`, { cookie: `session=${admin}` });
        expect(variant, `${width}.${ext}`).toMatchObject({ status: 200, type, cache: IMMUTABLE });
        expect((await sharp(variant.bytes).metadata()).width).toBe(width);
      }
    }
    // The path itself (for places that show a plain <img>, the social preview) is its largest JPEG.
    expect(await get(path)).toMatchObject({ status: 200, type: 'image/jpeg', cache: IMMUTABLE });
    expect((await get(`${path}/100.jpg`)).status).toBe(404);
    expect((await get('/media/uploads/../jwt-secret')).status).toBe(404);
  });

  it('keeps a preview video as it is, found by its signature, served in ranges', async () => {
    const clip = mp4Head();
    expect((await upload(clip, { token: admin, kind: 'image' })).status).toBe(415);
    const answer = await upload(clip, { token: admin, kind: 'video', type: 'image/png' });
    expect(answer).toEqual({ status: 200, body: { kind: 'video', path: expect.stringMatching(/^\/media\/uploads\/[0-9a-f]{32}\.mp4$/) } });
    const whole = await get(answer.body['path'] as string);
    expect(whole).toMatchObject({ status: 200, type: 'video/mp4', cache: IMMUTABLE });
    expect(whole.bytes.equals(clip)).toBe(true);
    const part = await get(answer.body['path'] as string, { range: 'bytes=0-15' });
    expect(part.status).toBe(206);
    expect(part.bytes.equals(clip.subarray(0, 16))).toBe(true);
  });
});
