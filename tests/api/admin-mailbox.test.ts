import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, firstAdminSignIn, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/** Registers through the API and verifies with the newest verification link the dev mailbox printed to the log. */
async function signUpFromLog(server: RunningServer, email: string, name: string): Promise<{ token: string }> {
  const links = () => server.output().match(/https?:\/\/[^\s"]+\/verify-email\/[A-Za-z0-9_-]+/g) ?? [];
  const before = links().length;
  const origin = { 'content-type': 'application/json', origin: server.url };
  const registered = await fetch(`${server.url}/register`, {
    method: 'POST', headers: origin,
    body: JSON.stringify({ name, email, password: 'secret123', repeat: 'secret123', phone: '+48 600 100 200', language: 'pl' }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const deadline = Date.now() + 15_000;
  while (links().length <= before) {
    if (Date.now() > deadline) throw new Error(`no verification link for ${email} in the log`);
    await new Promise((r) => setTimeout(r, 150));
  }
  const verified = await fetch(`${server.url}/verify-email`, { method: 'POST', headers: origin, body: JSON.stringify({ token: links().at(-1)!.split('/').pop() }) });
  return (await verified.json()) as { token: string };
}

type Listing = { enabled: boolean; items: { id: number; recipient: string; subject: string; createdAt: string }[]; page: number; pageSize: number; total: number };

describe('GET /api/admin/mailbox (admin only): the dev mailbox while SMTP_URL is unset', () => {
  let server: RunningServer;
  let admin: { token: string };
  let user: { token: string };
  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAILS: 'skrzynka@example.com' });
    // The first start made this admin's account; it signs in through the link in the log.
    admin = await firstAdminSignIn(server);
    user = await signUpFromLog(server, 'czytelnik@example.com', 'Jan Czytelnik');
    await signUpFromLog(server, 'druga@example.com', 'Ewa Druga');
  });
  afterAll(async () => server?.stop());
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers: { cookie: 'lang=en', ...headers } });

  it('answers 401 without a session and 403 for a user, in the caller\'s language, for the list and one message', async () => {
    for (const path of ['/api/admin/mailbox', '/api/admin/mailbox/1']) {
      const anonymous = await get(path);
      expect([anonymous.status, await anonymous.json()]).toEqual([401, { message: 'You need to be logged in.' }]);
      const anonymousPl = await get(path, { cookie: 'lang=pl' });
      expect([anonymousPl.status, await anonymousPl.json()]).toEqual([401, { message: 'Musisz być zalogowany.' }]);
      const forbidden = await get(path, bearer(user.token));
      expect(forbidden.status).toBe(403);
      const forbiddenPl = await get(path, { ...bearer(user.token), cookie: 'lang=pl' });
      expect(forbiddenPl.status).toBe(403);
      expect((await forbiddenPl.json()).message).not.toBe((await forbidden.json()).message);
    }
  });

  it('lists the kept mail newest first, without bodies, and shows one message with its text and HTML', async () => {
    const res = await get('/api/admin/mailbox', bearer(admin.token));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Listing;
    expect(body).toMatchObject({ enabled: true, page: 1, pageSize: 50 });
    expect(body.total).toBe(body.items.length);
    expect(body.items.map((m) => m.recipient)).toEqual(['druga@example.com', 'czytelnik@example.com']);
    expect(Object.keys(body.items[0]!).sort()).toEqual(['createdAt', 'id', 'recipient', 'subject']);
    expect(body.items[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    const ids = body.items.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const one = await get(`/api/admin/mailbox/${body.items[0]!.id}`, bearer(admin.token));
    expect(one.status).toBe(200);
    const message = (await one.json()) as { id: number; recipient: string; subject: string; text: string; html: string; createdAt: string };
    expect(message).toMatchObject({ id: body.items[0]!.id, recipient: 'druga@example.com', subject: body.items[0]!.subject, createdAt: body.items[0]!.createdAt });
    expect(message.text).toContain('/verify-email/');
    expect(message.html).toContain('/verify-email/');
  });

  it('pages by 50 and refuses a bad page number with a message in the caller\'s language', async () => {
    const second = (await (await get('/api/admin/mailbox?page=2', bearer(admin.token))).json()) as Listing;
    expect(second).toMatchObject({ enabled: true, items: [], page: 2, pageSize: 50 });
    expect(second.total).toBe(2);
    for (const page of ['0', '-1', 'x', '1.5', '9999999']) {
      const bad = await get(`/api/admin/mailbox?page=${page}`, bearer(admin.token));
      expect([bad.status, await bad.json()], page).toEqual([400, { message: 'The page number must be a whole number from 1.' }]);
    }
    const polish = await get('/api/admin/mailbox?page=zero', { ...bearer(admin.token), cookie: 'lang=pl' });
    expect([polish.status, await polish.json()]).toEqual([400, { message: 'Numer strony musi być liczbą całkowitą od 1.' }]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['999999', 'abc', '0', '1e3', '99999999999999999999']) {
      const res = await get(`/api/admin/mailbox/${id}`, bearer(admin.token));
      expect([res.status, await res.json()], id).toEqual([404, { message: 'There is no such message in the development mailbox.' }]);
    }
  });
});

describe('GET /api/admin/mailbox with SMTP_URL set', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'smtp-admin@example.com' });
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  it('says the mailbox is off and shows nothing, since mail really goes out', async () => {
    const admin = await signUp(server, smtp, 'smtp-admin@example.com');
    const res = await fetch(`${server.url}/api/admin/mailbox`, { headers: bearer(admin.token) });
    expect(await res.json()).toEqual({ enabled: false, items: [], page: 1, pageSize: 50, total: 0 });
    expect((await fetch(`${server.url}/api/admin/mailbox/1`, { headers: bearer(admin.token) })).status).toBe(404);
  });
});
