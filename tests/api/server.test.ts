import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

describe('server basics', () => {
  let server: RunningServer;
  beforeAll(async () => { server = await startServer(); });
  afterAll(async () => { await server?.stop(); });

  it('answers /healthz with the database status', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'up', mail: 'ok' });
  });

  it('returns a request id and logs one line per request with method, path, status and duration', async () => {
    const res = await fetch(`${server.url}/healthz?probe=1`, { headers: { 'x-request-id': 'trace-abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-abc-123');
    const generated = (await fetch(`${server.url}/`)).headers.get('x-request-id');
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
    const logged = () => server.output().split('\n').filter((l) => l.includes('"trace-abc-123"')).map((l) => JSON.parse(l) as Record<string, unknown>);
    await expect.poll(() => logged().length).toBe(1);
    const line = logged()[0]!;
    expect(line).toMatchObject({ method: 'GET', path: '/healthz', status: 200, requestId: 'trace-abc-123' });
    expect(typeof line.durationMs).toBe('number');
  });

  it('sets security headers on pages, API answers and static files', async () => {
    for (const path of ['/', '/healthz', '/favicon.svg', '/no-such-page']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
    const page = await fetch(`${server.url}/`);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
    expect(csp).not.toContain("'unsafe-inline' ;");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('serves a Polish home page by default and switches to English with ?lang=en, persistently', async () => {
    const pl = await fetch(`${server.url}/`);
    expect(await pl.text()).toMatch(/<html lang="pl"/);
    const en = await fetch(`${server.url}/?lang=en`);
    expect(await en.text()).toMatch(/<html lang="en"/);
    const cookie = en.headers.get('set-cookie')!;
    expect(cookie).toMatch(/lang=en/);
    const later = await fetch(`${server.url}/`, { headers: { cookie: cookie.split(';')[0]! } });
    expect(await later.text()).toContain('Workshops, trainings and online seminars');
  });

  it('answers an unknown path with a 404 page in the chosen language', async () => {
    const res = await fetch(`${server.url}/does-not-exist`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Nie znaleziono strony.');
    const en = await fetch(`${server.url}/does-not-exist?lang=en`);
    expect(await en.text()).toContain('Page not found.');
  });
});

describe('start-up and shutdown', () => {
  it('stops with one clear line naming a bad variable and never prints secrets', async () => {
    const server = await startServer({ PORT: 'abc', STRIPE_SECRET_KEY: 'sk_test_supersecret' }, { waitReady: false });
    const code = await new Promise<number | null>((resolve) => server.process.once('exit', resolve));
    expect(code).toBe(1);
    expect(server.output().trim()).toBe('Invalid configuration: PORT must be a port number (1-65535)');
    await server.stop();
  });

  it('refuses to start in production without PUBLIC_URL, and says which address it uses without it in development', async () => {
    const production = await startServer({ NODE_ENV: 'production', PUBLIC_URL: '' }, { waitReady: false });
    expect(await new Promise<number | null>((resolve) => production.process.once('exit', resolve))).toBe(1);
    expect(production.output().trim()).toBe('Invalid configuration: PUBLIC_URL must be set in production, to the address visitors use (e.g. https://gestalt.example.org)');
    await production.stop();
    const development = await startServer({ PUBLIC_URL: '' });
    // The default follows HOST (127.0.0.1 here), so the session cookie belongs to the address the log says to browse.
    const browsed = `http://127.0.0.1:${development.port}`;
    expect(development.output()).toContain(`PUBLIC_URL is not set: links in mail and canonical URLs use ${browsed}; browse ${browsed}`);
    const home = await (await fetch(`${development.url}/`, { headers: { host: 'attacker.example' } })).text();
    expect(home).toContain(`<link rel="canonical" href="${browsed}/">`);
    await development.stop();
  });

  it('keeps data across a graceful restart and exits cleanly on SIGTERM', async () => {
    const smtp = await startSmtp();
    let first: RunningServer | undefined;
    let second: RunningServer | undefined;
    try {
      first = await startServer({ SMTP_URL: smtp.url });
      const { token, email } = await signUp(first, smtp, `restart.${Date.now()}@example.com`, 'Ewa Restart');
      expect(await first.stop({ keepData: true })).toBe(0);
      expect(first.output()).toContain('"msg":"stopped"');

      second = await startServer({ SMTP_URL: smtp.url }, { reuse: first });
      const profile = await fetch(`${second.url}/profile`, { headers: bearer(token) });
      expect(profile.status).toBe(200);
      expect(await profile.json()).toMatchObject({ name: 'Ewa Restart', email });
      expect(await second.stop()).toBe(0);
    } finally {
      await second?.stop();
      await first?.stop(); // deletes the kept data when the second server never took it over
      await smtp.close();
    }
  });
});
