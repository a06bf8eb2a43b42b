import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

describe('GET /api/users (admin only)', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com' });
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  it('answers 401 without a session, 403 for a user, and lists every user with role and purchases for an admin', async () => {
    const admin = await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa');
    const buyer = await signUp(server, smtp, 'kupujaca@example.com', 'Ewa Kupująca');
    await buyWithDevCheckout(server, buyer.token, DEMO_KEYS.trauma, 'price_demo_trauma_pln');
    const users = (headers: Record<string, string> = {}) => fetch(`${server.url}/api/users`, { headers: { cookie: 'lang=en', ...headers } });

    expect([(await users()).status, await (await users()).json()]).toEqual([401, { message: 'You need to be logged in.' }]);
    expect((await users(bearer(buyer.token))).status).toBe(403);
    const listed = await users(bearer(admin.token));
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as { email: string; role: string; name: string; phone: string; purchasedVideos: { key: string; purchaseDate: string }[] }[];
    // The first start made the admin's account (name "Administrator", no phone); signing up only set its password.
    expect(body.map((u) => [u.email, u.role, u.name, u.phone])).toEqual([
      ['szefowa@example.com', 'admin', 'Administrator', ''],
      ['kupujaca@example.com', 'user', 'Ewa Kupująca', '+48 600 100 200'],
    ]);
    expect(body[1]!.purchasedVideos).toEqual([{ key: DEMO_KEYS.trauma, purchaseDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
    expect(body[0]!.purchasedVideos).toEqual([]);
  });
});
