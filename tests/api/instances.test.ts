import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createCatalogue, DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { parseEnv } from '../../modules/shared/config/index.ts';
import { connectPostgres, type DatabaseHandle } from '../../modules/shared/db/index.ts';
import { createEventStore } from '../../modules/shared/events/index.ts';
import { onPostgres, withoutPostgres } from '../support/databases.ts';
import type { RunningServer } from '../support/server.ts';
import { useTwoInstances } from '../support/two-instances.ts';
import { bearer, signUp } from '../support/accounts.ts';


// Several instances can only share a server database; the embedded one belongs to one process.
describe.skipIf(withoutPostgres)(onPostgres('two instances on one PostgreSQL behave as one site'), () => {
  // Both behind one proxy at 127.0.0.1, which forwards each visitor's address.
  const site = useTwoInstances({ TRUST_PROXY: '127.0.0.1' });

  const register = (server: RunningServer, email: string, visitor: string) => fetch(`${server.url}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': visitor },
    body: JSON.stringify({ name: 'Ktoś', email, password: 'secret123', repeat: 'secret123', phone: '+48 600 100 200', language: 'pl' }),
  });

  it('sends exactly one verification mail for each of 50 registrations spread over both', { timeout: 120_000 }, async () => {
    const { a, b, smtp, database } = site;
    const emails = Array.from({ length: 50 }, (_, i) => `osoba-${i}@example.com`);
    const answers = await Promise.all(emails.map((email, i) => register(i % 2 ? a : b, email, `198.51.100.${i + 1}`)));
    const failures = [a, b].flatMap((s) => s.output().split('\n').filter((l) => l.includes('"level":50')));
    expect(answers.map((r) => r.status), failures.join('\n').slice(0, 3000)).toEqual(emails.map(() => 201));
    await smtp.waitFor(50, 60_000);
    // Both outbox workers poll the same table. Once every row is done, each claimed once (a second claim would count a
    // second attempt), no duplicate can be on its way.
    const handle: DatabaseHandle = connectPostgres(database.url);
    try {
      // The demo recordings' transcodes wait for an instance that transcodes (TRANSCODE_WORKERS=0 in test servers).
      const outbox = () => handle.db.selectFrom('outbox').select(['status', 'attempts']).where('topic', '!=', 'recording-transcode').execute();
      await expect.poll(async () => (await outbox()).filter((row) => row.status !== 'done'), { timeout: 15_000 }).toEqual([]);
      expect((await outbox()).filter((row) => row.attempts !== 1)).toEqual([]);
    } finally {
      await handle.close();
    }
    const verifications = smtp.received.filter((m) => (m.parsed.text ?? '').includes('/verify-email/'));
    expect(verifications.map((m) => m.envelopeTo.join()).sort()).toEqual([...emails].sort());
  });

  it('shares rate limits: one visitor\'s registrations are counted across both instances', { timeout: 120_000 }, async () => {
    const { a, b } = site;
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await register(i % 2 ? a : b, `limit-${i}@example.com`, '203.0.113.77')).status);
    // 30 registrations per visitor address per hour, wherever they land.
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('shows a catalogue change committed elsewhere on both instances at their next request', async () => {
    const { a, b, database } = site;
    const page = async (server: RunningServer) => {
      const res = await fetch(`${server.url}/video-details/${DEMO_KEYS.trauma}`);
      return { html: await res.text(), cache: res.headers.get('x-astro-cache') };
    };
    for (const server of [a, b]) {
      await page(server);
      expect((await page(server)).cache).toBe('HIT');
    }
    // A third process (an admin tool, another instance) commits the change straight to the shared log.
    const handle: DatabaseHandle = connectPostgres(database.url);
    try {
      const store = createEventStore(handle.db);
      const catalogue = createCatalogue({ config: { ...parseEnv({}), JWT_SECRET: 'x'.repeat(32) }, log: pino({ level: 'silent' }), db: handle.db, store });
      for (const p of catalogue.projections) store.addProjection(p);
      await catalogue.reviseProduct(DEMO_KEYS.trauma, { title: 'Trauma, ciało i oddech' }, 'admin');
    } finally {
      await handle.close();
    }
    // The commit's NOTIFY has gone out before the command answers; PostgreSQL hands it to each listening instance a
    // moment later (its listening backend forwards it when scheduled). From then on an instance that has heard of a
    // commit it has not read yet answers nothing from memory (stored pages, the public catalogue) until it has. So the
    // change shows within the notification's trip, never after the 5-second safety poll.
    for (const server of [a, b]) {
      await expect.poll(async () => (await page(server)).html, { timeout: 2_000, interval: 20 }).toContain('Trauma, ciało i oddech');
    }
  });

  it('refuses a token on the other instance right after it logged out, though that instance had its answers in memory', async () => {
    const { a, b, smtp } = site;
    const { token } = await signUp(a, smtp, 'dwie-instancje@example.com', 'Dwie');
    const profile = (server: RunningServer) => fetch(`${server.url}/profile`, { headers: bearer(token) });
    await expect.poll(async () => (await profile(b)).headers.get('x-astro-cache'), { timeout: 15_000 }).toBe('HIT');
    await expect.poll(async () => (await profile(a)).headers.get('x-astro-cache'), { timeout: 15_000 }).toBe('HIT');
    const out = await fetch(`${a.url}/logout`, { method: 'POST', headers: { ...bearer(token), origin: a.url } });
    expect(out.status).toBeLessThan(400);
    // The log-out's NOTIFY has gone out before its answer; the other instance hears it within the notification's trip.
    await expect.poll(async () => (await profile(b)).status, { timeout: 2_000, interval: 20 }).toBe(401);
    expect((await profile(a)).status).toBe(401);
  });
});

