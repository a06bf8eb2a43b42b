import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { connectDatabase } from '../../modules/shared/db/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

const key = DEMO_KEYS.trauma;

describe('resume positions: GET/PUT /api/user/recordings/{productKey}/position (the owner only)', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let owner: string;
  let stranger: string;
  let admin: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com' });
    admin = (await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token;
    owner = (await signUp(server, smtp, 'widzka@example.com', 'Ewa Widzka')).token;
    stranger = (await signUp(server, smtp, 'obcy@example.com', 'Jan Obcy')).token;
    await buyWithDevCheckout(server, owner, key, 'price_demo_trauma_pln');
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const position = (token: string | null, init: { method?: string; body?: unknown; lang?: string; productKey?: string } = {}) => fetch(
    `${server.url}/api/user/recordings/${init.productKey ?? key}/position`, {
      method: init.method ?? 'GET',
      headers: { cookie: `lang=${init.lang ?? 'en'}`, ...(token ? bearer(token) : {}), ...(init.body ? { 'content-type': 'application/json' } : {}) },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });

  it('answers 401 without a session and 403 to someone who does not own the recording, reading or saving', async () => {
    expect((await position(null)).status).toBe(401);
    expect((await position(null, { method: 'PUT', body: { position: 10, duration: 100 } })).status).toBe(401);
    const read = await position(stranger);
    expect([read.status, (await read.json()).message]).toEqual([403, 'This recording is not available on your account.']);
    expect((await position(stranger, { method: 'PUT', body: { position: 10, duration: 100 } })).status).toBe(403);
    expect((await position(owner, { productKey: DEMO_KEYS.fieldTheory })).status).toBe(403);
  });

  it('keeps the owner\'s position, starts there, and from the beginning within 30 s of the end', async () => {
    expect(await (await position(owner)).json()).toEqual({ position: 0, duration: 0, startAt: 0 });
    const saved = await position(owner, { method: 'PUT', body: { position: 1260, duration: 3600 } });
    expect([saved.status, await saved.json()]).toEqual([200, { saved: true }]);
    expect(await (await position(owner)).json()).toEqual({ position: 1260, duration: 3600, startAt: 1260 });
    // The stranger's position of the same recording is not the owner's, and is not even kept.
    expect((await position(stranger)).status).toBe(403);

    const page = await (await fetch(`${server.url}/video`, { headers: { ...bearer(owner), cookie: 'lang=pl' } })).text();
    expect(page).toContain('obejrzano 35%');
    const watch = await (await fetch(`${server.url}/watch-video/${key}`, { headers: { ...bearer(owner), cookie: 'lang=pl' } })).text();
    expect(watch).toContain('data-start-at="1260"');

    await position(owner, { method: 'PUT', body: { position: 3580, duration: 3600 } });
    expect(await (await position(owner)).json()).toEqual({ position: 3580, duration: 3600, startAt: 0 });
  });

  it('refuses a position that is no number of seconds, with a message', async () => {
    for (const body of [{ position: -1, duration: 100 }, { position: 'x', duration: 100 }, { position: 1, duration: 0 }, { position: 1 }, { position: 1, duration: 1e9 }]) {
      const refused = await position(owner, { method: 'PUT', body, lang: 'pl' });
      expect([refused.status, (await refused.json()).message]).toEqual([400, 'Nieprawidłowe miejsce w nagraniu.']);
    }
  });

  // Last: it stops the server to look into its database.
  it('deletes a deleted user\'s positions with their account; another viewer\'s stay', async () => {
    const leaving = await signUp(server, smtp, 'odchodzi@example.com', 'Ola Odchodząca');
    await buyWithDevCheckout(server, leaving.token, key, 'price_demo_trauma_pln');
    expect((await position(leaving.token, { method: 'PUT', body: { position: 600, duration: 3600 } })).status).toBe(200);
    expect((await position(owner, { method: 'PUT', body: { position: 900, duration: 3600 } })).status).toBe(200);
    const users = (await (await fetch(`${server.url}/api/users`, { headers: bearer(admin) })).json()) as { id: string; email: string }[];
    const [leavingId, ownerId] = ['odchodzi@example.com', 'widzka@example.com'].map((email) => users.find((u) => u.email === email)!.id);

    const removed = await fetch(`${server.url}/api/users/${leavingId}`, { method: 'DELETE', headers: bearer(admin) });
    expect(removed.status).toBe(200);
    expect((await position(leaving.token)).status).toBe(401);

    await server.stop({ keepData: true });
    const handle = await connectDatabase({ databaseUrl: server.database?.url, dataDir: join(server.dataDir, 'pgdata') });
    try {
      const rows = await handle.db.selectFrom('playback_positions' as never).select(['user_id' as never, 'position' as never]).execute();
      expect(rows.map((r) => ({ ...(r as object) }))).toEqual([{ user_id: ownerId, position: 900 }]);
    } finally {
      await handle.close();
    }
  });
});
