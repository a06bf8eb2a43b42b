import { afterAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.ts';
import { createPostgresDatabase, onPostgres, withoutPostgres } from '../support/databases.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

const LINK = /https?:\/\/[^\s"]+\/admin-sign-in\/([A-Za-z0-9_-]+)/g;
/** The distinct sign-in links in the log (one log line names its link twice: as a field and in the message). */
const linksIn = (server: RunningServer) => [...new Set([...server.output().matchAll(LINK)].map((m) => m[0]))];

describe('the first start on an empty database prints a one-time admin sign-in link', () => {
  const servers: RunningServer[] = [];
  afterAll(async () => { for (const s of servers.reverse()) await s.stop(); });

  it('makes the first ADMIN_EMAILS account; GET shows a button and spends nothing; POST signs in as admin once', async () => {
    const first = await startServer({ ADMIN_EMAILS: 'pierwsza@example.com,druga@example.com' });
    const links = linksIn(first);
    expect(links).toHaveLength(1);
    const link = links[0]!;
    expect(link.startsWith(`${first.url}/admin-sign-in/`)).toBe(true);
    expect(first.output().split('\n').find((l) => l.includes(link))).toMatch(/"level":30.*FIRST ADMIN: account pierwsza@example\.com created/);
    const path = new URL(link).pathname;

    for (const [lang, button] of [['pl', 'Zaloguj się do panelu'], ['en', 'Sign in to the panel'], ['pl', 'Zaloguj się do panelu']]) {
      const page = await fetch(`${first.url}${path}`, { headers: { cookie: `lang=${lang}` } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(button);
      expect(html).toMatch(/<form method="post"/);
      expect(page.headers.get('set-cookie') ?? '').not.toContain('session=');
    }

    const post = () => fetch(`${first.url}${path}`, {
      method: 'POST', redirect: 'manual', headers: { origin: first.url, 'content-type': 'application/x-www-form-urlencoded', cookie: 'lang=en' }, body: '',
    });
    const signedIn = await post();
    expect([signedIn.status, signedIn.headers.get('location')]).toEqual([303, '/admin']);
    const cookie = /(?:^|, )(session=[^;]+);[^,]*HttpOnly/i.exec(signedIn.headers.get('set-cookie') ?? '')?.[1];
    expect(cookie).toBeDefined();
    const users = await fetch(`${first.url}/api/users`, { headers: { cookie: cookie! } });
    expect(users.status).toBe(200);
    expect(((await users.json()) as { email: string; role: string }[]).map((u) => [u.email, u.role])).toEqual([['pierwsza@example.com', 'admin']]);

    const again = await post();
    expect(again.status).toBe(410);
    expect(again.headers.get('set-cookie') ?? '').not.toContain('session=');
    expect(await again.text()).toContain('This sign-in link has already been used or has expired');
    const used = await fetch(`${first.url}${path}`);
    expect([used.status, (await used.text()).includes('Ten link logowania został już użyty albo wygasł')]).toEqual([410, true]);
    const unknown = await fetch(`${first.url}/admin-sign-in/nie-ma-takiego`);
    expect([unknown.status, (await unknown.text()).includes('Ten link logowania jest nieprawidłowy.')]).toEqual([400, true]);

    // The account has no password: signing in with one fails the same way as a wrong one.
    const login = await fetch(`${first.url}/login`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: first.url }, body: JSON.stringify({ email: 'pierwsza@example.com', password: '!' }),
    });
    expect(login.status).toBe(401);

    // A restart on the same data prints no new link and keeps the one account.
    await first.stop({ keepData: true });
    const second = await startServer({ ADMIN_EMAILS: 'pierwsza@example.com' }, { reuse: first });
    servers.push(second);
    expect(linksIn(second)).toEqual([]);
    expect(((await (await fetch(`${second.url}/api/users`, { headers: { cookie: cookie! } })).json()) as unknown[])).toHaveLength(1);
  });

  it('lets the unused link die as soon as the admin has set a password and signed in with it, well within its 24 hours', async () => {
    const smtp = await startSmtp();
    try {
      const server = await startServer({ ADMIN_EMAILS: 'haslo@example.com', SMTP_URL: smtp.url });
      servers.push(server);
      const path = new URL(linksIn(server)[0]!).pathname;
      expect((await fetch(`${server.url}${path}`)).status).toBe(200);
      // As its owner would: forgot-password, the mailed reset link, a new password, then a login with it.
      await signUp(server, smtp, 'haslo@example.com');
      const shown = await fetch(`${server.url}${path}`, { headers: { cookie: 'lang=en' } });
      expect([shown.status, (await shown.text()).includes('This sign-in link has already been used or has expired')]).toEqual([410, true]);
      const spent = await fetch(`${server.url}${path}`, {
        method: 'POST', redirect: 'manual', headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' }, body: '',
      });
      expect(spent.status).toBe(410);
      expect(spent.headers.get('set-cookie') ?? '').not.toContain('session=');
    } finally {
      await smtp.close();
    }
  });

  it('in development without ADMIN_EMAILS makes admin@localhost, who may ask for a password', async () => {
    const server = await startServer({});
    servers.push(server);
    const link = linksIn(server)[0]!;
    expect(server.output()).toContain('FIRST ADMIN: account admin@localhost created');
    const signedIn = await fetch(link, { method: 'POST', redirect: 'manual', headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    const cookie = /(session=[^;]+)/.exec(signedIn.headers.get('set-cookie') ?? '')![1]!;
    expect((await fetch(`${server.url}/api/users`, { headers: { cookie } })).status).toBe(200);
    const forgot = await fetch(`${server.url}/forgot-password`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify({ email: 'admin@localhost', language: 'en' }),
    });
    expect(forgot.status).toBe(200);
    // Registration still refuses an address without a dot in its domain.
    const register = await fetch(`${server.url}/register`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: server.url, cookie: 'lang=en' },
      body: JSON.stringify({ name: 'X', email: 'someone@localhost', password: 'secret123', repeat: 'secret123', phone: '1', language: 'en' }),
    });
    expect(register.status).toBe(400);
  });

  it('in production without ADMIN_EMAILS makes no account and warns', async () => {
    const server = await startServer({ NODE_ENV: 'production' });
    servers.push(server);
    expect(linksIn(server)).toEqual([]);
    expect(server.output()).toMatch(/"level":40.*ADMIN_EMAILS is not set/);
  });

  // Several instances can only share a server database; the embedded one belongs to one process.
  it.skipIf(withoutPostgres)(onPostgres('prints one link in all when two instances start at once on one PostgreSQL'), async () => {
    const database = await createPostgresDatabase();
    try {
      const env = { DATABASE_URL: database.url, ADMIN_EMAILS: 'razem@example.com' };
      const both = await Promise.all([startServer(env), startServer(env)]);
      servers.push(...both);
      expect(both.flatMap(linksIn)).toHaveLength(1);
      expect(both.map((s) => s.output()).join('\n')).not.toContain('start-up failed');
    } finally {
      for (const s of servers.splice(-2)) await s.stop();
      await database.drop();
    }
  });
});
