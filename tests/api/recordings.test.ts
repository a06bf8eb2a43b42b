import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

type Status = { current: { version: number; duration: number } | null; job: { state: string; progress: number; error: string | null; message: string } | null };

/** Recordings over HTTP (issue 26): the seed's demo recording transcoded at start, then served to its owner only. */
describe('HLS recordings over HTTP', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: Record<string, string>;
  let buyers = 0;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com', TRANSCODE_WORKERS: '1' });
    admin = bearer((await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token);
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) => fetch(`${server.url}${path}`, {
    method, headers: { 'content-type': 'application/json', cookie: 'lang=en', ...headers }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const status = async (key: string) => (await (await call('GET', `/api/admin/recordings/${key}`, admin)).json()) as Status;
  const buyer = async () => {
    const who = await signUp(server, smtp, `widz-${++buyers}@example.com`, 'Ewa Widz');
    await buyWithDevCheckout(server, who.token, DEMO_KEYS.trauma, 'price_demo_trauma_pln');
    return who;
  };
  const playback = (token: string) => call('GET', `/api/recordings/${DEMO_KEYS.trauma}/playback`, bearer(token));
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers, redirect: 'manual' });

  it('transcodes the seed\'s demo recording at the first start, and shows the admin where it stands', async () => {
    await expect.poll(async () => (await status(DEMO_KEYS.trauma)).job?.state, { timeout: 60_000, interval: 250 }).toBe('ready');
    expect(await status(DEMO_KEYS.trauma)).toEqual({ current: { version: 1, duration: expect.any(Number) }, job: { state: 'ready', progress: 1, error: null, message: 'Ready to play' } });
    expect(await status(DEMO_KEYS.shame)).toEqual({ current: null, job: null });
    expect((await call('GET', `/api/admin/recordings/${DEMO_KEYS.trauma}`, {})).status).toBe(401);
  });

  it('serves the owner the master playlist, the variants and the segments, each URI with the token; 403 without it', async () => {
    await expect.poll(async () => (await status(DEMO_KEYS.trauma)).current?.version, { timeout: 60_000, interval: 250 }).toBe(1);
    const ewa = await buyer();
    const answer = await playback(ewa.token);
    expect(answer.status).toBe(200);
    const { url, expiresAt } = (await answer.json()) as { url: string; expiresAt: string };
    expect(url).toMatch(new RegExp(`^/media/hls/${DEMO_KEYS.trauma}/1/master\\.m3u8\\?t=[\\w.-]+$`));
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    const token = new URL(url, server.url).searchParams.get('t')!;

    const master = await get(url);
    expect([master.status, master.headers.get('content-type'), master.headers.get('cache-control')]).toEqual([200, 'application/vnd.apple.mpegurl', 'private, no-store']);
    const body = await master.text();
    expect(body).toMatch(/#EXT-X-STREAM-INF:BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,RESOLUTION=\d+x180,CODECS="avc1\.\w+,mp4a\.40\.2"\n180p\/playlist\.m3u8\?t=/);
    expect(body).toContain(`audio/playlist.m3u8?t=${token}`);
    const base = `/media/hls/${DEMO_KEYS.trauma}/1/`;
    const variant = await (await get(`${base}180p/playlist.m3u8?t=${token}`)).text();
    const segment = variant.split('\n').find((l) => l.startsWith('seg_'))!;
    expect(segment).toBe(`seg_00000.m4s?t=${token}`);
    const init = /URI="([^"]+)"/.exec(variant)![1]!;
    expect((await get(`${base}180p/${init}`)).status).toBe(200);
    const seg = await get(`${base}180p/${segment}`, { range: 'bytes=0-99' });
    expect([seg.status, seg.headers.get('content-range')?.startsWith('bytes 0-99/'), (await seg.arrayBuffer()).byteLength]).toEqual([206, true, 100]);

    expect((await get(`${base}master.m3u8`)).status).toBe(403);
    expect((await get(`${base}180p/seg_00000.m4s`)).status).toBe(403);
    expect((await get(`${base}180p/seg_00000.m4s?t=${token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`)).status).toBe(403);
    // Another product's path with this token, and a guessed storage path: nothing.
    expect((await get(`/media/hls/${DEMO_KEYS.contactStyles}/1/master.m3u8?t=${token}`)).status).toBe(403);
    for (const guess of [`/media/hls/${DEMO_KEYS.trauma}/sources/adopted-${DEMO_KEYS.trauma}?t=${token}`, `/media/hls/${DEMO_KEYS.trauma}/1/180p/%2e%2e/%2e%2e/master.m3u8?t=${token}`, '/recordings/hls/x', '/data/recordings/hls']) {
      expect([403, 404]).toContain((await get(guess)).status);
    }
  });

  it('refuses a viewer who does not own it, and the owner once refunded (403), tokens issued before included', async () => {
    const stranger = await signUp(server, smtp, `obcy-${++buyers}@example.com`, 'Jan Obcy');
    expect((await playback(stranger.token)).status).toBe(403);
    expect((await call('GET', `/api/recordings/${DEMO_KEYS.trauma}/playback`, {})).status).toBe(401);

    const ewa = await buyer();
    const { url } = (await (await playback(ewa.token)).json()) as { url: string };
    expect((await get(url)).status).toBe(200);
    const attendees = (await (await call('GET', `/api/admin/attendees/${DEMO_KEYS.trauma}`, admin)).json()) as { attendees: { purchaseId: string; email: string; amount: number }[] };
    const row = attendees.attendees.find((a) => a.email === ewa.email)!;
    const refunded = await call('POST', `/api/admin/purchases/${row.purchaseId}/refunds`, admin, { amountMinor: Math.round(row.amount * 100), reason: 'cancelled' });
    expect(await refunded.json()).toMatchObject({ status: 'completed', accessEnded: true });
    expect((await get(url)).status).toBe(403);
    expect((await get(url.replace('master.m3u8', '180p/seg_00000.m4s'))).status).toBe(403);
    expect((await playback(ewa.token)).status).toBe(403);
  });
});
