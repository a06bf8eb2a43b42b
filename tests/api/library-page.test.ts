import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, firstAdminSignIn } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';

type Article = { key: string; title: string; description: string; link: string };

describe('/biblioteka: the articles rendered on the server, cached for visitors until an article changes', () => {
  let server: RunningServer;
  let admin: string;
  beforeAll(async () => {
    server = await startServer();
    admin = (await firstAdminSignIn(server)).token;
  });
  afterAll(async () => { await server?.stop(); });

  const library = async (query = '') => {
    const res = await fetch(`${server.url}/biblioteka${query}`);
    expect(res.status).toBe(200);
    return { html: await res.text(), cacheControl: res.headers.get('cache-control') };
  };
  const articles = async () => ((await (await fetch(`${server.url}/api/articles`)).json()) as { items: Article[] }).items;
  const adminCall = (method: string, path: string, body?: object) => fetch(`${server.url}${path}`, {
    method, headers: { ...bearer(admin), ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const cards = (html: string) => [...html.matchAll(/<li class="article-card">[\s\S]*?<a href="([^"]+)" target="_blank" rel="noopener noreferrer">([^<]+?) <span class="visually-hidden">([^<]+)<\/span>/g)]
    .map(([, link, title, newTab]) => ({ link, title, newTab }));

  it('sends every article as cards in the HTML, links opening in a new tab, in both languages, with no script to fetch them', async () => {
    const listed = await articles();
    expect(listed.length).toBeGreaterThan(0);
    const pl = await library();
    expect(pl.cacheControl).toContain('public');
    expect(cards(pl.html)).toEqual(listed.map((a) => ({ link: a.link, title: a.title, newTab: '(otwiera się w nowej karcie)' })));
    expect(cards((await library('?lang=en')).html).map((c) => c.newTab)).toEqual(listed.map(() => '(opens in a new tab)'));
    expect(pl.html).not.toContain('/api/articles');
  });

  it('shows an article published through the admin API at the next request, and drops a deleted one', async () => {
    await library();
    await library('?lang=en');
    const created = await adminCall('POST', '/api/articles', { title: 'Granice kontaktu', description: 'Gdzie kończę się ja.', link: 'https://example.org/granice' });
    expect(created.status).toBe(201);
    const { key } = (await created.json()) as Article;
    for (const query of ['', '?lang=en']) expect(cards((await library(query)).html)).toContainEqual(expect.objectContaining({ title: 'Granice kontaktu' }));
    expect((await adminCall('DELETE', `/api/articles/${key}`)).status).toBe(200);
    for (const query of ['', '?lang=en']) expect((await library(query)).html).not.toContain('Granice kontaktu');
  });

  it('says there are no articles yet when the library is empty', async () => {
    for (const { key } of await articles()) expect((await adminCall('DELETE', `/api/articles/${key}`)).status).toBe(200);
    const pl = await library();
    expect(cards(pl.html)).toEqual([]);
    expect(pl.html).toContain('<p class="empty">Nie ma jeszcze żadnych artykułów.</p>');
    expect((await library('?lang=en')).html).toContain('<p class="empty">There are no articles yet.</p>');
  });
});
