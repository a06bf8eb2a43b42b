import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { png } from '../support/images.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Issue 34, item 9: the seed's media and uploads were answered `public, max-age=0`. Now a name that never changes its
 * bytes is kept a year (`immutable`); any other is revalidated by its ETag (`no-cache`, 304); a recording stays private.
 */
describe('caching of served media', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'media@example.com', TRANSCODE_WORKERS: '1' });
    admin = (await signUp(server, smtp, 'media@example.com', 'Ola Media')).token;
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}${path}`, { headers, redirect: 'manual' });
    const h = (name: string) => res.headers.get(name);
    return { status: res.status, cache: h('cache-control'), etag: h('etag'), type: h('content-type'), range: h('content-range'), bytes: (await res.arrayBuffer()).byteLength };
  };

  it('revalidates the seed\'s pictures and videos by their ETag: no-cache, then 304 with nothing sent', async () => {
    for (const [path, type] of [['/media/thumb-trauma.webp', 'image/webp'], ['/media/preview-trauma.webm', 'video/webm'], ['/og-image.png', 'image/png'], ['/media/avatar-ewa.svg', 'image/svg+xml'], ['/favicon.svg', 'image/svg+xml']] as const) {
      const first = await get(path);
      expect(first, path).toMatchObject({ status: 200, cache: 'no-cache', type: expect.stringContaining(type), etag: expect.stringMatching(/^W\/"[0-9a-f]+-[0-9a-f]+"$/) });
      expect(first.bytes, path).toBeGreaterThan(0);
      const again = await get(path, { 'if-none-match': first.etag! });
      expect([again.status, again.bytes, again.etag, again.cache], path).toEqual([304, 0, first.etag, 'no-cache']);
      expect((await get(path, { 'if-none-match': 'W/"0-0"' })).status, path).toBe(200);
    }
    // A preview video is still played in ranges.
    const part = await get('/media/preview-trauma.webm', { range: 'bytes=0-99' });
    expect([part.status, part.range?.startsWith('bytes 0-99/'), part.bytes, part.cache]).toEqual([206, true, 100, 'no-cache']);
  });

  it('keeps hashed build assets and uploads, named by their content, a year without revalidation', async () => {
    const dir = join(import.meta.dirname, '..', '..', 'dist', 'client', '_astro');
    const asset = readdirSync(dir).find((f) => f.endsWith('.css'))!;
    expect((await get(`/_astro/${asset}`)).cache).toBe(IMMUTABLE);
    const uploaded = await fetch(`${server.url}/api/admin/media?kind=image`, { method: 'POST', body: new Uint8Array(await png(640, 400)), headers: { 'content-type': 'image/png', ...bearer(admin) } });
    const path = ((await uploaded.json()) as { path: string }).path;
    for (const variant of [path, `${path}/640.webp`]) {
      const answer = await get(variant);
      expect(answer, variant).toMatchObject({ status: 200, cache: IMMUTABLE });
      expect((await get(variant, { 'if-none-match': answer.etag! })).status).toBe(304);
    }
  });

  it('keeps a recording private: its segments only in the viewer\'s browser, its playlists never, nothing without the token', async () => {
    const recording = async () => ((await (await fetch(`${server.url}/api/admin/recordings/${DEMO_KEYS.trauma}`, { headers: bearer(admin) })).json()) as { current: { version: number } | null }).current;
    await expect.poll(recording, { timeout: 90_000, interval: 500 }).not.toBeNull();
    const viewer = await signUp(server, smtp, 'widz@example.com', 'Ewa Widz');
    await buyWithDevCheckout(server, viewer.token, DEMO_KEYS.trauma, 'price_demo_trauma_pln');
    const { url } = (await (await fetch(`${server.url}/api/recordings/${DEMO_KEYS.trauma}/playback`, { headers: bearer(viewer.token) })).json()) as { url: string };
    const token = new URL(url, server.url).searchParams.get('t')!;
    expect((await get(url)).cache).toBe('private, no-store');
    const base = url.slice(0, url.indexOf('master.m3u8'));
    const variant = await fetch(`${server.url}${base}180p/playlist.m3u8?t=${token}`);
    expect(variant.headers.get('cache-control')).toBe('private, no-store');
    const segment = (await variant.text()).split('\n').find((l) => l.startsWith('seg_'))!;
    expect(await get(`${base}180p/${segment}`)).toMatchObject({ status: 200, cache: 'private, max-age=31536000, immutable' });
    expect(await get(`${base}180p/${segment.split('?')[0]}`)).toMatchObject({ status: 403, cache: 'no-store' });
    expect((await get(`/api/recordings/${DEMO_KEYS.trauma}/playback`)).status).toBe(401);
  });
});
