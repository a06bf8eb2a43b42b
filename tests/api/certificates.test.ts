import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/**
 * Certificates over HTTP, as far as the server can go without attendance wired in (issue 25's other half): the
 * public page's refusals, headers and limit, and who may ask for what. Issuing, the PDFs and erasure are proved on
 * the wired modules (tests/modules/certificates).
 */
describe('certificates over HTTP', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  let holder: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'admin-cert@example.com' });
    admin = (await signUp(server, smtp, 'admin-cert@example.com')).token;
    holder = (await signUp(server, smtp, 'ewa-cert@example.com', 'Ewa Żółć')).token;
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const get = (path: string, opts: { token?: string; lang?: 'pl' | 'en' } = {}) =>
    fetch(`${server.url}${path}`, { headers: { cookie: `lang=${opts.lang ?? 'pl'}`, ...(opts.token ? bearer(opts.token) : {}) }, redirect: 'manual' });

  it('answers an unknown or malformed id on the public page 404 with a clear message, never indexed', async () => {
    // A NUL byte is refused at the edge before any page (400), as for every route.
    expect((await get('/certyfikat/%00x')).status).toBe(400);
    for (const id of ['AAAAAAAAAAAAAAAA', 'nie-ma', 'ąę', 'a'.repeat(300)]) {
      const res = await get(`/certyfikat/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.headers.get('x-robots-tag'), id).toBe('noindex');
      const html = await res.text();
      if (id === 'AAAAAAAAAAAAAAAA') {
        expect(html).toContain('<meta name="robots" content="noindex">');
        expect(html).toContain('Nie ma takiego zaświadczenia.');
      }
    }
    expect(await (await get('/certyfikat/AAAAAAAAAAAAAAAA', { lang: 'en' })).text()).toContain('No such certificate.');
  });

  it('limits the public page per client: over 30 in a minute is 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await get('/certyfikat/BBBBBBBBBBBBBBBB')).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(30);
  });

  it('gives PDFs to the signed-in only: anonymous 401, a certificate not theirs (or none) 404; the admin routes to admins', async () => {
    expect((await get('/api/certificates/AAAAAAAAAAAAAAAA/pdf')).status).toBe(401);
    const notFound = await get('/api/certificates/AAAAAAAAAAAAAAAA/pdf', { token: holder });
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toEqual({ message: 'Nie ma takiego zaświadczenia. Sprawdź, czy adres został przepisany dokładnie (wielkość liter ma znaczenie).' });
    expect((await get('/api/certificates/AAAAAAAAAAAAAAAA/pdf?lang=de', { token: holder })).status).toBe(400);
    expect((await get('/api/admin/certificates', { token: holder })).status).toBe(403);
    expect(await (await get('/api/admin/certificates', { token: admin })).json()).toEqual({ certificates: [] });
    const issue = await fetch(`${server.url}/api/admin/certificates`, { method: 'POST', headers: { ...bearer(admin), 'content-type': 'application/json' }, body: JSON.stringify({ purchaseId: 'no-such-purchase' }) });
    expect(issue.status).toBe(404);
    const mine = await (await get('/api/user/certificates', { token: holder })).json() as { certificates: unknown[]; summary: { fiveYears: { hours: number } } };
    expect(mine.certificates).toEqual([]);
    expect(mine.summary.fiveYears.hours).toBe(0);
    const summary = await get('/api/user/certificates/summary', { token: holder });
    expect(summary.status).toBe(200);
    expect(summary.headers.get('content-type')).toBe('application/pdf');
    expect((await get('/moje-certyfikaty')).status).toBe(302);
    expect((await get('/moje-certyfikaty', { token: holder })).status).toBe(200);
  });
});
