import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { linkFromMail } from '../support/accounts.ts';
import { freePort, startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';
import { startTlsProxy, type ProxyAnswer } from '../support/tls-proxy.ts';

/** The session cookie a response sets, with its attributes. */
const sessionCookie = (answer: ProxyAnswer) => [answer.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('session='));
const cookieValue = (setCookie: string) => setCookie.split(';')[0]!;

describe('behind a TLS-terminating reverse proxy (Debian Caddy, self-signed certificate)', () => {
  let server: RunningServer;
  let proxy: Awaited<ReturnType<typeof startTlsProxy>>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    const proxyPort = await freePort();
    server = await startServer({
      PUBLIC_URL: `https://localhost:${proxyPort}`, TRUST_PROXY: '127.0.0.1', NODE_ENV: 'production',
      SMTP_URL: smtp.url, CONTACT_TO: 'office@gestalt.test',
    });
    proxy = await startTlsProxy(server.port, proxyPort);
  });
  afterAll(async () => { await proxy?.stop(); await server?.stop(); await smtp?.close(); });

  const json = (path: string, body: unknown, extra: Record<string, string> = {}, from = '127.0.0.2') => proxy.send(path, {
    method: 'POST', from, body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin: proxy.origin, ...extra },
  });

  it('registers, verifies, logs in, buys with the dev checkout and sends the contact form through the proxy, with Secure cookies', async () => {
    const email = 'przez-proxy@example.com';
    const registered = await json('/register', { name: 'Ala Proxy', email, password: 'secret123', repeat: 'secret123', phone: '+48 600 100 200', language: 'pl' });
    expect(registered.status).toBe(201);
    // The link in the mail points at PUBLIC_URL, the address visitors use, not at the app's own port.
    const link = await linkFromMail(smtp, email, 'verify-email');
    expect(link.startsWith(`${proxy.origin}/verify-email/`)).toBe(true);
    const verified = await json('/verify-email', { token: link.split('/').pop() });
    expect(verified.status).toBe(200);
    expect(sessionCookie(verified)).toMatch(/;\s*Secure/i);

    const login = await json('/login', { email, password: 'secret123' });
    expect(login.status).toBe(200);
    const setCookie = sessionCookie(login)!;
    expect(setCookie).toMatch(/;\s*Secure/i);
    expect(setCookie).toMatch(/;\s*HttpOnly/i);
    const cookie = cookieValue(setCookie);

    const checkout = await json('/create-checkout-session', { priceId: 'price_demo_trauma_pln', video: { key: DEMO_KEYS.trauma }, consents: ['recordingEarly'] }, { cookie });
    expect(checkout.status).toBe(200);
    const { url } = JSON.parse(checkout.body) as { url: string };
    expect(url.startsWith(`${proxy.origin}/dev-checkout/`)).toBe(true);
    const paid = await proxy.send(new URL(url).pathname, {
      method: 'POST', body: 'action=pay',
      headers: { cookie, origin: proxy.origin, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([paid.status, paid.headers.location]).toEqual([303, '/video#nowy-film']);
    const profile = await proxy.send('/profile', { headers: { cookie } });
    expect(profile.headers['cache-control']).toBe('private, no-store');
    expect((JSON.parse(profile.body) as { purchasedVideos: { key: string }[] }).purchasedVideos.map((p) => p.key)).toEqual([DEMO_KEYS.trauma]);

    const contact = await json('/api/contact', { fromName: 'Ola', email: 'ola@example.com', message: 'Pytanie o warsztat przez proxy.' });
    expect(contact.status).toBe(201);
    await expect.poll(() => smtp.received.filter((m) => (m.parsed.text ?? '').includes('Pytanie o warsztat przez proxy.'))
      .map((m) => m.envelopeTo), { timeout: 15_000 }).toEqual([['office@gestalt.test']]);
  });

  it('refuses a state change from a foreign origin, and accepts the public origin', async () => {
    const foreign = await json('/login', { email: 'x@example.com', password: 'whatever1' }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const own = await json('/login', { email: 'x@example.com', password: 'whatever1' });
    expect(own.status).toBe(401);
  });

  it('logs and rate-limits the client address the proxy forwarded, not the proxy\'s own nor a forged one', async () => {
    const marker = `trace-${Date.now()}`;
    await proxy.send('/healthz', { from: '127.0.0.3', headers: { 'x-request-id': marker, 'x-forwarded-for': '203.0.113.9' } });
    await expect.poll(() => server.output().includes(marker)).toBe(true);
    const line = server.output().split('\n').find((l) => l.includes(marker));
    expect(JSON.parse(line!)).toMatchObject({ ip: '127.0.0.3', path: '/healthz' });

    // Wrong passwords for one address from one client end in 429; the owner elsewhere still gets in.
    const email = 'wlasciciel@example.com';
    await json('/register', { name: 'Owner', email, password: 'secret123', repeat: 'secret123', phone: '+48 600 100 201', language: 'pl' });
    const verified = await json('/verify-email', { token: (await linkFromMail(smtp, email, 'verify-email')).split('/').pop() });
    expect(verified.status).toBe(200);
    let last = 0;
    for (let i = 0; i < 15 && last !== 429; i++) last = (await json('/login', { email, password: 'wrong-password' }, {}, '127.0.0.4')).status;
    expect(last).toBe(429);
    expect((await json('/login', { email, password: 'secret123' }, {}, '127.0.0.5')).status).toBe(200);
  });
});
