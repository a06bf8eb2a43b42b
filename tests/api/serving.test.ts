import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A request whose body arrives exactly as sent (fetch would decode it and hide Content-Encoding). */
function raw(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Waits until a page is answered from the cache again (the instance has read every event committed so far). */
async function untilCurrent(base: string) {
  for (let i = 0; i < 100; i++) {
    await raw(base, `/regulamin?current=${i}`);
    if ((await raw(base, `/regulamin?current=${i}`)).headers['x-astro-cache'] === 'HIT') return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the server never answered from its page cache');
}

const decoded = (r: Raw) => (r.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(r.body)
  : r.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(r.body) : r.body).toString('utf8');

/** Headers every answer of a page must share, whether rendered or from the cache. */
const SECURITY = ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'referrer-policy',
  'x-frame-options', 'cross-origin-opener-policy', 'permissions-policy', 'cache-control', 'content-type', 'vary'];

describe('how pages and files are answered: the page cache, compression, static files', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let ola: string;
  let jan: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    // An https public address: the security headers then include HSTS.
    server = await startServer({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://gestalt.test', TRUST_PROXY: '127.0.0.1', ADMIN_EMAILS: 'ola@example.com' });
    ola = (await signUp(server, smtp, 'ola@example.com', 'Ola Podglądana')).token;
    jan = (await signUp(server, smtp, 'jan@example.com', 'Jan Sprawdzający')).token;
    // Every commit leaves the instance behind the log until its follower has read it, and nothing is answered from
    // the page cache meanwhile: the sign-ups' last events must be read before a page can be a hit.
    await untilCurrent(server.url);
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  it('gives a page from the cache the same security headers as the rendered one', async () => {
    const rendered = await raw(server.url, '/treningi');
    const cached = await raw(server.url, '/treningi');
    expect(rendered.headers['x-astro-cache']).toBe('MISS');
    expect(cached.headers['x-astro-cache']).toBe('HIT');
    expect(cached.headers.age).toMatch(/^\d+$/);
    for (const name of SECURITY) {
      expect(rendered.headers[name], name).toBeDefined();
      expect(cached.headers[name], name).toEqual(rendered.headers[name]);
    }
    expect(cached.headers['strict-transport-security']).toContain('max-age=');
    expect(cached.headers['x-request-id']).not.toEqual(rendered.headers['x-request-id']);
    expect(decoded(cached)).toEqual(decoded(rendered));
  });

  it('never answers a request with a session cookie or a Bearer token with the visitors\' page or another user\'s, in either language', async () => {
    for (const lang of ['pl', 'en']) {
      const path = `/seminaria?lang=${lang}`;
      await raw(server.url, path);
      expect((await raw(server.url, path)).headers['x-astro-cache']).toBe('HIT');
      // Twice each: the second may come from the copy kept for that user alone (src/server/page-cache/routes.ts), never from another's.
      const answers = [];
      for (let i = 0; i < 2; i++) answers.push(await raw(server.url, path, { cookie: `session=${ola}` }), await raw(server.url, path, bearer(jan)));
      const [asOla, asJan, asOlaAgain, asJanAgain] = answers;
      expect(asOla!.headers['x-astro-cache'], lang).not.toBe('HIT');
      expect(asJan!.headers['x-astro-cache'], lang).not.toBe('HIT');
      for (const [mine, theirs, answer] of [['ola@example.com', 'jan@example.com', asOla], ['jan@example.com', 'ola@example.com', asJan],
        ['ola@example.com', 'jan@example.com', asOlaAgain], ['jan@example.com', 'ola@example.com', asJanAgain]] as const) {
        expect(answer!.headers['cache-control']).toBe('private, no-store');
        const html = decoded(answer!);
        expect(html).toContain(`<html lang="${lang}"`);
        expect(html).toContain('data-signed-in="true"');
        expect(html).toContain(mine);
        expect(html).not.toContain(theirs);
      }
      // Signed-in pages did not reach the cache either: a visitor still gets the anonymous page.
      const visitor = decoded(await raw(server.url, path));
      expect(visitor).not.toContain('data-signed-in');
      expect(visitor).not.toContain('ola@example.com');
      expect(visitor).not.toContain('jan@example.com');
    }
  });

  it('sets the language cookie for ?lang=en at every answer and serves the page from the cache the second time', async () => {
    const first = await raw(server.url, '/warsztaty?lang=en');
    const second = await raw(server.url, '/warsztaty?lang=en');
    expect(first.headers['x-astro-cache']).toBe('MISS');
    expect(second.headers['x-astro-cache']).toBe('HIT');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['set-cookie']).toEqual(first.headers['set-cookie']);
    expect(first.headers['set-cookie']).toEqual(['lang=en; Max-Age=31536000; Path=/; SameSite=Lax']);
    // Over https at a trusted proxy the cookie is Secure, from the cache too.
    const proxied = await raw(server.url, '/warsztaty?lang=en', { 'x-forwarded-for': '203.0.113.5', 'x-forwarded-proto': 'https' });
    expect(proxied.headers['x-astro-cache']).toBe('HIT');
    expect(proxied.headers['set-cookie']).toEqual(['lang=en; Max-Age=31536000; Path=/; SameSite=Lax; Secure']);
    // Who already prefers English gets no cookie; the Polish page is another entry.
    expect((await raw(server.url, '/warsztaty?lang=en', { cookie: 'lang=en' })).headers['set-cookie']).toBeUndefined();
    expect(decoded(await raw(server.url, '/warsztaty?lang=pl'))).toContain('<html lang="pl"');
    expect(decoded(second)).toContain('<html lang="en"');
  });

  it('compresses by Accept-Encoding (brotli first, then gzip) to the same body, for cached pages, rendered pages and JSON', async () => {
    const cases = [['/kontakt', {}], ['/kontakt', {}], ['/', { cookie: `session=${ola}` }], ['/api/admin/products', bearer(ola)]] as const;
    for (const [path, extra] of cases) {
      const plain = await raw(server.url, path, extra);
      const br = await raw(server.url, path, { ...extra, 'accept-encoding': 'gzip, deflate, br' });
      const gz = await raw(server.url, path, { ...extra, 'accept-encoding': 'gzip' });
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(gz.headers['content-encoding'], path).toBe('gzip');
      for (const r of [plain, br, gz]) expect(String(r.headers.vary), path).toMatch(/Accept-Encoding/i);
      expect(br.body.length).toBeLessThan(plain.body.length);
      expect(decoded(br)).toEqual(decoded(plain));
      expect(decoded(gz)).toEqual(decoded(plain));
    }
    // A coding refused with q=0 is not used.
    expect((await raw(server.url, '/kontakt', { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('serves hashed build assets precompressed with a one-year immutable lifetime', async () => {
    const dir = join(import.meta.dirname, '..', '..', 'dist', 'client', '_astro');
    const script = readdirSync(dir).find((f) => f.endsWith('.js'))!;
    expect(readdirSync(dir)).toContain(`${script}.br`);
    const plain = await raw(server.url, `/_astro/${script}`);
    const br = await raw(server.url, `/_astro/${script}`, { 'accept-encoding': 'br' });
    const gz = await raw(server.url, `/_astro/${script}`, { 'accept-encoding': 'gzip' });
    for (const r of [plain, br, gz]) {
      expect(r.status).toBe(200);
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(r.headers['content-type']).toMatch(/javascript/);
      expect(Number(r.headers['content-length'])).toBe(r.body.length);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
    }
    expect([br.headers['content-encoding'], gz.headers['content-encoding'], plain.headers['content-encoding']]).toEqual(['br', 'gzip', undefined]);
    expect(decoded(br)).toEqual(plain.body.toString('utf8'));
    expect(decoded(gz)).toEqual(plain.body.toString('utf8'));
    const again = await raw(server.url, `/_astro/${script}`, { 'if-none-match': String(plain.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('shows a published article at the next request, though the article list was just read', async () => {
    const titles = async () => ((await (await fetch(`${server.url}/api/articles`)).json()) as { items: { title: string }[] }).items.map((a) => a.title);
    expect(await titles()).not.toContain('Kontakt i granice');
    await titles();
    const posted = await fetch(`${server.url}/api/articles`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...bearer(ola) },
      body: JSON.stringify({ title: 'Kontakt i granice', description: 'O granicy kontaktu.', link: 'https://example.com/granice' }),
    });
    expect(posted.status).toBe(201);
    expect(await titles()).toContain('Kontakt i granice');
  });

  it('answers a range as a range, uncompressed, even of a compressible file (recordings are played in ranges)', async () => {
    const res = await raw(server.url, '/media/avatar-ewa.svg', { range: 'bytes=0-99', 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(206);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.length).toBe(100);
  });
});
