import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

describe('GET /api/users?search= (admin only): the users table searched on the server', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com' });
    admin = (await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token;
    user = (await signUp(server, smtp, 'zolw@example.com', 'Żaneta Żółwińska', '+48 601 222 333')).token;
    await signUp(server, smtp, 'under_score@example.com', 'Piotr Nowak', '+48 602 444 555');
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const search = async (q: string | null, token = admin) => {
    const res = await fetch(`${server.url}/api/users${q === null ? '' : `?${new URLSearchParams({ search: q })}`}`, { headers: { cookie: 'lang=en', ...bearer(token) } });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const names = async (q: string | null) => ((await search(q)).body as { name: string }[]).map((u) => u.name);

  it('keeps the spec\'s answer without the parameter and refuses a user', async () => {
    expect(await names(null)).toEqual(['Administrator', 'Żaneta Żółwińska', 'Piotr Nowak']);
    expect((await search('zolw', user)).status).toBe(403);
  });

  it('finds by name (any case, Polish marks aside), e-mail and phone digits, each with the same shape as the whole list', async () => {
    expect(await names('ŻÓŁW')).toEqual(['Żaneta Żółwińska']);
    expect(await names('zolwin')).toEqual(['Żaneta Żółwińska']);
    expect(await names('under_score@')).toEqual(['Piotr Nowak']);
    expect(await names('602444')).toEqual(['Piotr Nowak']);
    expect(await names('+48 601 222')).toEqual(['Żaneta Żółwińska']);
    const [found] = (await search('zolw')).body as Record<string, unknown>[];
    expect(Object.keys(found!).sort()).toEqual(['email', 'id', 'name', 'phone', 'purchasedVideos', 'role']);
  });

  it('takes %, _ and \\ literally, and refuses a search over 100 characters', async () => {
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual(['Piotr Nowak']);
    expect(await names('\\')).toEqual([]);
    expect(await names('a_n')).toEqual([]);
    expect(await search('x'.repeat(101))).toEqual({ status: 400, body: { message: 'The search text may have at most 100 characters.' } });
  });
});
