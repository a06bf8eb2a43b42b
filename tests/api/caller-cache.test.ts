import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

type Profile = { id: string; email: string; purchasedVideos: { key: string }[] };

/**
 * Answers kept for one signed-in caller (GET /profile, /api/videos/{key}, /api/articles with a token): served from
 * memory on repeat, never to anyone else, and dropped by whatever concerns that user.
 */
describe('answers cached per signed-in caller', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let anna: { token: string };
  let ben: { token: string };
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url });
    anna = await signUp(server, smtp, 'anna@example.com', 'Anna');
    ben = await signUp(server, smtp, 'ben@example.com', 'Ben');
  }, 60_000);
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const get = (path: string, headers: Record<string, string>) => fetch(`${server.url}${path}`, { headers });
  const profileOf = async (headers: Record<string, string>) => {
    const res = await get('/profile', headers);
    // This cache's own signals never leave the server: a CDN honouring CDN-Cache-Control would keep a private answer.
    expect(res.headers.get('cdn-cache-control')).toBeNull();
    expect(res.headers.get('cache-tag')).toBeNull();
    return { status: res.status, cache: res.headers.get('x-astro-cache'), control: res.headers.get('cache-control'), body: (await res.json()) as Profile };
  };

  it('given two users, when each asks for /profile again and again, then each always gets their own, from memory after the first', async () => {
    for (let round = 0; round < 3; round++) {
      for (const [who, email] of [[anna, 'anna@example.com'], [ben, 'ben@example.com']] as const) {
        const byBearer = await profileOf(bearer(who.token));
        const byCookie = await profileOf({ cookie: `session=${who.token}` });
        for (const answer of [byBearer, byCookie]) {
          expect(answer.status).toBe(200);
          expect(answer.body.email).toBe(email);
          expect(answer.control).toBe('private, no-store');
        }
      }
    }
    await expect.poll(async () => (await profileOf(bearer(anna.token))).cache, { timeout: 15_000 }).toBe('HIT');
    expect((await profileOf(bearer(ben.token))).body.email).toBe('ben@example.com');
  });

  it('given a cached profile, when the user buys, then the next /profile lists the purchase', async () => {
    await expect.poll(async () => (await profileOf(bearer(anna.token))).cache, { timeout: 15_000 }).toBe('HIT');
    await buyWithDevCheckout(server, anna.token, DEMO_KEYS.trauma, 'price_demo_trauma_pln');
    const after = await profileOf(bearer(anna.token));
    expect(after.body.purchasedVideos.map((v) => v.key)).toEqual([DEMO_KEYS.trauma]);
    expect((await profileOf(bearer(ben.token))).body.purchasedVideos).toEqual([]);
  });

  it('given a product answer cached for a non-owner, when they buy it, then the links appear at once and are never served from memory', async () => {
    const video = async (token: string) => {
      const res = await get(`/api/videos/${DEMO_KEYS.shame}`, bearer(token));
      return { cache: res.headers.get('x-astro-cache'), body: (await res.json()) as { watchURL?: string; meetLink?: string } };
    };
    await expect.poll(async () => (await video(ben.token)).cache, { timeout: 15_000 }).toBe('HIT');
    expect((await video(ben.token)).body.watchURL ?? (await video(ben.token)).body.meetLink).toBeUndefined();
    await buyWithDevCheckout(server, ben.token, DEMO_KEYS.shame, 'price_demo_shame_pln');
    for (let i = 0; i < 3; i++) {
      const owned = await video(ben.token);
      expect(owned.body.watchURL ?? owned.body.meetLink).toBeTruthy();
      expect(owned.cache).not.toBe('HIT');
    }
    expect((await video(anna.token)).body.watchURL ?? (await video(anna.token)).body.meetLink).toBeUndefined();
  });

  it('given a cached profile, when the session logs out, then the very next request with its token is refused', async () => {
    const phone = await signUp(server, smtp, 'cara@example.com', 'Cara');
    await expect.poll(async () => (await profileOf(bearer(phone.token))).cache, { timeout: 15_000 }).toBe('HIT');
    const out = await fetch(`${server.url}/logout`, { method: 'POST', headers: { ...bearer(phone.token), origin: server.url } });
    expect(out.status).toBeLessThan(400);
    const after = await get('/profile', bearer(phone.token));
    expect(after.status).toBe(401);
    expect(after.headers.get('x-astro-cache')).toBeNull();
  });

  it('given two signed-in users, when they open the home page and the offer again and again, then each gets their own page, from memory after the first', async () => {
    const page = async (path: string, token: string) => {
      const res = await get(path, { cookie: `session=${token}` });
      expect(res.headers.get('cdn-cache-control')).toBeNull();
      expect(res.headers.get('cache-tag')).toBeNull();
      return { cache: res.headers.get('x-astro-cache'), control: res.headers.get('cache-control'), html: await res.text() };
    };
    for (const path of ['/', '/seminaria', '/biblioteka', '/?lang=en']) {
      await expect.poll(async () => (await page(path, anna.token)).cache, { timeout: 15_000 }).toBe('HIT');
      for (let i = 0; i < 2; i++) {
        const forAnna = await page(path, anna.token);
        const forBen = await page(path, ben.token);
        expect(forAnna.html).toContain('anna@example.com');
        expect(forAnna.html).not.toContain('ben@example.com');
        expect(forBen.html).toContain('ben@example.com');
        expect(forBen.html).not.toContain('anna@example.com');
        expect(forAnna.control).toBe('private, no-store');
      }
      const visitor = await (await get(path, {})).text();
      expect(visitor).not.toContain('anna@example.com');
      expect(visitor).not.toContain('ben@example.com');
    }
  });

  it('given a copy kept in the encoding one client asked for, when another encoding is asked, then it is rendered afresh, never sent mislabelled', async () => {
    const asked = async (encoding: string) => {
      const res = await get('/profile', { ...bearer(anna.token), 'accept-encoding': encoding });
      return { cache: res.headers.get('x-astro-cache'), encoding: res.headers.get('content-encoding'), body: (await res.json()) as Profile };
    };
    await expect.poll(async () => (await asked('br')).cache, { timeout: 15_000 }).toBe('HIT');
    expect((await asked('br')).encoding).toBe('br');
    const gzip = await asked('gzip');
    expect(gzip.cache).not.toBe('HIT');
    expect(gzip.body.email).toBe('anna@example.com');
    const plain = await asked('identity');
    expect(plain.encoding).toBeNull();
    expect(plain.body.email).toBe('anna@example.com');
  });

  it('given a forged or unknown token, then no cached answer is ever served for it', async () => {
    const forged = `${anna.token.slice(0, -4)}AAAA`;
    for (const headers of [bearer(forged), { cookie: `session=${forged}` }, bearer('nonsense')]) {
      const res = await get('/profile', headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('x-astro-cache')).toBeNull();
    }
  });
});
