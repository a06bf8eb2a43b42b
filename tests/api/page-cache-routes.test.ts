import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { ROUTES } from '../../src/server/page-cache/index.ts';
import { signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/** An address of every route whose answers may be kept (the type fails when a declared route has none). */
const SAMPLES: Record<keyof typeof ROUTES, string> = {
  '/': '/',
  '/seminaria': '/seminaria',
  '/warsztaty': '/warsztaty',
  '/treningi': '/treningi',
  '/eksploruj-[product]': '/eksploruj-gestalt-online',
  '/video-details/[id]': `/video-details/${DEMO_KEYS.trauma}`,
  '/biblioteka': '/biblioteka',
  '/kontakt': '/kontakt',
  '/regulamin': '/regulamin',
  '/polityka-prywatnosci': '/polityka-prywatnosci',
  '/api/articles': '/api/articles',
  '/api/videos/[id]': `/api/videos/${DEMO_KEYS.trauma}`,
  '/profile': '/profile',
};

/**
 * Every route declared in src/server/page-cache/routes.ts, asked for anonymously and signed in: each is kept for
 * exactly the visitors its declaration names, and a signed-in caller is never answered the visitors' public copy.
 */
describe('what each route declares it may keep, and for whom, holds for every route', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let anna: { token: string };
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url });
    anna = await signUp(server, smtp, 'anna@example.com', 'Anna');
  }, 60_000);
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const ask = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}${path}`, { headers, redirect: 'manual' });
    await res.arrayBuffer();
    return { status: res.status, cache: res.headers.get('x-astro-cache'), control: res.headers.get('cache-control') };
  };

  it.each(Object.entries(ROUTES))('%s, declared %j', async (route, keep) => {
    const path = SAMPLES[route as keyof typeof ROUTES];
    const first = await ask(path);
    const again = await ask(path);
    if (keep.for === 'public') {
      expect(first.status).toBe(200);
      expect(again.cache).toBe('HIT');
      expect(again.control).toMatch(/^public/);
    } else {
      expect(again.cache).not.toBe('HIT');
      expect(again.control).not.toMatch(/^public/);
    }
    // Signed in: her own copy, from memory once this instance remembers her session, never the visitors' copy.
    const signedIn = { cookie: `session=${anna.token}` };
    // Polled as a whole: an event about the new user that lands late (her verification mail recorded as delivered)
    // rightly drops her kept pages once, between two asks.
    await expect.poll(async () => ask(path, signedIn), { timeout: 15_000 }).toMatchObject({ status: 200, cache: 'HIT', control: 'private, no-store' });
  });

  it('keeps nothing of a route it does not list', async () => {
    for (const path of ['/zaloguj-sie', '/stworz-konto', '/welcome', `/watch-video/${DEMO_KEYS.trauma}`]) {
      await ask(path);
      expect((await ask(path)).cache).toBeNull();
      await ask(path, { cookie: `session=${anna.token}` });
      expect((await ask(path, { cookie: `session=${anna.token}` })).cache).toBeNull();
    }
  });
});
