import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

type Answer = { status: number; body: Record<string, unknown> };

describe('admin articles and products: POST /api/articles, DELETE /api/articles/{key}, GET /api/all-videos', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'redakcja@example.com' });
    admin = (await signUp(server, smtp, 'redakcja@example.com', 'Anna Redaktorka')).token;
    user = (await signUp(server, smtp, 'czytelnik@example.com', 'Jan Czytelnik')).token;
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const call = async (method: string, path: string, opts: { token?: string; lang?: 'pl' | 'en'; body?: unknown } = {}): Promise<Answer> => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        cookie: `lang=${opts.lang ?? 'pl'}`, ...(opts.token ? bearer(opts.token) : {}),
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const article = { title: 'Kontakt i granica', description: 'O tym, gdzie kończę się ja.', link: 'https://example.org/kontakt' };
  const articleKeys = async () => ((await call('GET', '/api/articles')).body['items'] as { key: string }[]).map((a) => a.key);

  it('refuses every admin call without a session (401) and for a user (403), in the caller\'s language', async () => {
    const calls: [string, string, unknown?][] = [['POST', '/api/articles', article], ['DELETE', '/api/articles/anything'], ['GET', '/api/all-videos']];
    for (const [method, path, body] of calls) {
      expect(await call(method, path, { body }), `${method} ${path}`).toEqual({ status: 401, body: { message: 'Musisz być zalogowany.' } });
      expect(await call(method, path, { body, lang: 'en' })).toEqual({ status: 401, body: { message: 'You need to be logged in.' } });
      expect(await call(method, path, { body, token: user })).toEqual({ status: 403, body: { message: 'Brak dostępu.' } });
      expect(await call(method, path, { body, token: user, lang: 'en' })).toEqual({ status: 403, body: { message: 'Access denied.' } });
    }
    expect(await articleKeys()).not.toContain(expect.stringMatching(/^kontakt-i-granica-/));
  });

  it('publishes an article for an admin: 201 with its key, listed by GET /api/articles at the next request; a sent key is ignored', async () => {
    const created = await call('POST', '/api/articles', { token: admin, body: { ...article, title: '  Kontakt i granica ', key: 'moj-klucz' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ ...article, key: expect.stringMatching(/^kontakt-i-granica-[a-z0-9]{6}$/) });
    expect(await articleKeys()).toContain(created.body['key']);
  });

  it('refuses an article with a missing or blank field, or a link that is not http(s), in the admin\'s language', async () => {
    for (const [body, lang, message] of [
      [{ title: 'Tytuł', link: 'https://example.org' }, 'pl', 'Wszystkie pola są wymagane.'],
      [{ ...article, description: '   ' }, 'pl', 'Wszystkie pola są wymagane.'],
      [{ ...article, title: '' }, 'en', 'All fields are required.'],
      [{ ...article, link: 'javascript:alert(1)' }, 'pl', 'Link musi być adresem zaczynającym się od http:// lub https://.'],
      [{ ...article, link: 'javascript:alert(1)' }, 'en', 'The link must be an address starting with http:// or https://.'],
    ] as const) {
      expect(await call('POST', '/api/articles', { token: admin, body, lang }), JSON.stringify(body)).toEqual({ status: 400, body: { message } });
    }
    expect(await articleKeys()).not.toContain(expect.stringMatching(/^kontakt-i-granica-/));
  });

  it('deletes an article for an admin: gone from GET /api/articles; deleting it again or an unknown key answers 404', async () => {
    const created = await call('POST', '/api/articles', { token: admin, body: { ...article, title: 'Do usunięcia' } });
    const key = created.body['key'] as string;
    expect(await call('DELETE', `/api/articles/${key}`, { token: admin })).toEqual({ status: 200, body: { key } });
    expect(await articleKeys()).not.toContain(key);
    expect(await call('DELETE', `/api/articles/${key}`, { token: admin })).toEqual({ status: 404, body: { message: 'Nie znaleziono artykułu.' } });
    expect(await call('DELETE', '/api/articles/nie-ma-takiego', { token: admin, lang: 'en' })).toEqual({ status: 404, body: { message: 'Article not found.' } });
  });

  it('lists every product for an admin in the API shape, without owners\' links', async () => {
    const all = await call('GET', '/api/all-videos', { token: admin });
    expect(all.status).toBe(200);
    const products = all.body as unknown as { key: string; title: string; titleEn: string; watchURL?: string; meetLink?: string }[];
    expect(products.map((p) => p.key).sort()).toEqual(Object.values(DEMO_KEYS).sort());
    for (const p of products) {
      expect(Object.keys(p).sort()).toEqual(['date', 'desc', 'details', 'detailsEn', 'key', 'thumbnail', 'title', 'titleEn']);
    }
  });
});
