import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

describe('DELETE /api/users/{id} (admin only)', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com,zastepca@example.com' });
    admin = (await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token;
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const remove = async (id: string, opts: { token?: string; lang?: 'pl' | 'en' } = {}) => {
    const res = await fetch(`${server.url}/api/users/${encodeURIComponent(id)}`, {
      method: 'DELETE', headers: { cookie: `lang=${opts.lang ?? 'pl'}`, ...(opts.token ? bearer(opts.token) : {}) },
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const listed = async () => (await (await fetch(`${server.url}/api/users`, { headers: bearer(admin) })).json()) as { id: string; email: string }[];
  const idOf = async (email: string) => (await listed()).find((u) => u.email === email)!.id;
  const login = (email: string) => fetch(`${server.url}/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify({ email, password: 'secret123' }),
  });

  it('answers 401 without a session and 403 for a user, in both languages, and deletes nobody', async () => {
    const user = await signUp(server, smtp, 'ciekawski@example.com', 'Jan Ciekawski');
    const id = await idOf(user.email);
    expect(await remove(id)).toEqual({ status: 401, body: { message: 'Musisz być zalogowany.' } });
    expect(await remove(id, { lang: 'en' })).toEqual({ status: 401, body: { message: 'You need to be logged in.' } });
    expect(await remove(id, { token: user.token })).toEqual({ status: 403, body: { message: 'Brak dostępu.' } });
    expect(await remove(id, { token: user.token, lang: 'en' })).toEqual({ status: 403, body: { message: 'Access denied.' } });
    expect((await listed()).map((u) => u.email)).toContain(user.email);
  });

  it('refuses an admin\'s account (403) and an unknown id (404), in both languages', async () => {
    const deputy = await signUp(server, smtp, 'zastepca@example.com', 'Piotr Zastępca');
    const id = await idOf(deputy.email);
    expect(await remove(id, { token: admin })).toEqual({ status: 403, body: { message: 'Nie można usunąć konta administratora.' } });
    expect(await remove(id, { token: admin, lang: 'en' })).toEqual({ status: 403, body: { message: 'An administrator account cannot be deleted.' } });
    expect(await remove('00000000-0000-4000-8000-000000000000', { token: admin })).toEqual({ status: 404, body: { message: 'Nie znaleziono użytkownika.' } });
    expect(await remove('nie-ma', { token: admin, lang: 'en' })).toEqual({ status: 404, body: { message: 'User not found.' } });
    expect((await fetch(`${server.url}/profile`, { headers: bearer(deputy.token) })).status).toBe(200);
  });

  it('deletes a user for an admin: their session stops working, they cannot log in, they are no longer listed', async () => {
    const buyer = await signUp(server, smtp, 'do-usuniecia@example.com', 'Ewa Odchodząca');
    await buyWithDevCheckout(server, buyer.token, DEMO_KEYS.trauma, 'price_demo_trauma_pln');
    expect((await login(buyer.email)).status).toBe(200);
    const id = await idOf(buyer.email);

    expect(await remove(id, { token: admin })).toEqual({ status: 200, body: { id } });

    expect((await fetch(`${server.url}/profile`, { headers: bearer(buyer.token) })).status).toBe(401);
    expect((await login(buyer.email)).status).toBe(401);
    expect((await listed()).map((u) => u.email)).not.toContain(buyer.email);
    expect(await remove(id, { token: admin, lang: 'en' })).toEqual({ status: 404, body: { message: 'User not found.' } });
  });
});
