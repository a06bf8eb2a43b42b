import { describe, expect, it } from 'vitest';
import factory, { activePageCache, visitorVariant } from '../../../src/server/page-cache-provider.ts';
import { invalidatePages } from '../../../src/server/page-cache.ts';

/** A page renderer standing in for Astro's pipeline: says who it rendered for, and asks to be cached under a tag. */
function renderer() {
  let renders = 0;
  const render = (request: Request) => async () => {
    renders += 1;
    const who = visitorVariant(request);
    return new Response(`page for ${who} #${renders}`, { headers: { 'CDN-Cache-Control': 'max-age=300', 'Cache-Tag': 'catalogue' } });
  };
  return { render, count: () => renders };
}

const logger = { info() {}, warn() {}, error() {} };
const get = (url: string, cookie?: string) => new Request(url, { headers: cookie ? { cookie } : {} });

describe('the per-visitor page cache', () => {
  it('keeps the Polish and English pages of one URL apart and serves each from memory', async () => {
    const provider = factory({});
    const r = renderer();
    const fetchPage = async (req: Request) => (await provider.onRequest!({ request: req, url: new URL(req.url), logger }, r.render(req))).text();
    expect(await fetchPage(get('http://site/seminaria'))).toBe('page for pl #1');
    expect(await fetchPage(get('http://site/seminaria', 'lang=en'))).toBe('page for en #2');
    expect(await fetchPage(get('http://site/seminaria'))).toBe('page for pl #1');
    expect(await fetchPage(get('http://site/seminaria', 'lang=en'))).toBe('page for en #2');
    expect(r.count()).toBe(2);
  });

  it('never serves nor stores a page for a request with a session', async () => {
    const provider = factory({});
    const r = renderer();
    const fetchPage = async (req: Request) => (await provider.onRequest!({ request: req, url: new URL(req.url), logger }, r.render(req))).text();
    await fetchPage(get('http://site/'));
    expect(await fetchPage(get('http://site/', 'session=alice-token'))).toBe('page for private #2');
    expect(await fetchPage(get('http://site/', 'session=bob-token; lang=pl'))).toBe('page for private #3');
    expect(await fetchPage(get('http://site/'))).toBe('page for pl #1');
  });

  it('drops tagged pages when the catalogue changes, so the next request renders afresh', async () => {
    const provider = factory({});
    expect(activePageCache()).toBe(provider);
    const r = renderer();
    const fetchPage = async (req: Request) => (await provider.onRequest!({ request: req, url: new URL(req.url), logger }, r.render(req))).text();
    await fetchPage(get('http://site/treningi'));
    await invalidatePages(['catalogue']);
    expect(await fetchPage(get('http://site/treningi'))).toBe('page for pl #2');
  });
});
