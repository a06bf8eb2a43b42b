import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../../modules/catalogue/index.ts';
import { parseEnv } from '../../../modules/shared/config/index.ts';
import { createEventStore, type RecordedEvent } from '../../../modules/shared/events/index.ts';
import { wireModules } from '../../../src/server/modules.ts';
import { invalidatePages, recallSessionsWith, userTag } from '../../../src/server/page-cache/index.ts';
import factory from '../../../src/server/page-cache/provider.ts';
import { visitorOf } from '../../../src/server/page-cache/visitor.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { NO_RECORDINGS } from '../../support/invoicing-app.ts';

/** Sessions this process knows from memory, as accounts' remembered sessions tell the page cache. */
recallSessionsWith((token) => (token === 'anna-token' ? { id: 'u-anna' } : token === 'dead-token' ? null : undefined));

type Rendered = { tags?: string[]; cacheControl?: string };

/** A page renderer standing in for Astro's pipeline: says who it rendered for, and asks to be kept under its tags. */
function renderer(rendered: (request: Request) => Rendered = () => ({ tags: ['catalogue'] })) {
  let renders = 0;
  const render = (request: Request) => async () => {
    renders += 1;
    const visitor = visitorOf(request.headers.get('authorization'), request.headers.get('cookie'), new URL(request.url).searchParams.get('lang'));
    const who = typeof visitor === 'string' ? visitor : `${visitor.lang}${visitor.user ? ` ${visitor.user}` : ''}`;
    const { tags = [], cacheControl } = rendered(request);
    const headers: Record<string, string> = { 'CDN-Cache-Control': 'max-age=300', 'Cache-Tag': tags.join(', ') };
    if (cacheControl) headers['cache-control'] = cacheControl;
    return new Response(`page for ${who} #${renders}`, { headers });
  };
  return { render, count: () => renders };
}

const logger = { info() {}, warn() {}, error() {} };
const get = (url: string, cookie?: string) => new Request(url, { headers: cookie ? { cookie } : {} });

function site(rendered?: (request: Request) => Rendered) {
  const provider = factory({});
  const r = renderer(rendered);
  const fetchPage = async (req: Request) => (await provider.onRequest!({ request: req, url: new URL(req.url), logger }, r.render(req))).text();
  return { fetchPage, renders: r.count };
}

describe('the per-visitor page cache', () => {
  it('keeps the Polish and English pages of one URL apart and serves each from memory', async () => {
    const { fetchPage, renders } = site();
    expect(await fetchPage(get('http://site/seminaria'))).toBe('page for pl #1');
    expect(await fetchPage(get('http://site/seminaria', 'lang=en'))).toBe('page for en #2');
    expect(await fetchPage(get('http://site/seminaria'))).toBe('page for pl #1');
    expect(await fetchPage(get('http://site/seminaria', 'lang=en'))).toBe('page for en #2');
    expect(renders()).toBe(2);
  });

  it('never serves nor stores a page for a session this process cannot vouch for', async () => {
    const { fetchPage } = site();
    await fetchPage(get('http://site/'));
    expect(await fetchPage(get('http://site/', 'session=bob-token'))).toBe('page for unknown-session #2');
    expect(await fetchPage(get('http://site/', 'session=dead-token; lang=pl'))).toBe('page for unknown-session #3');
    expect(await fetchPage(get('http://site/', 'session=bob-token'))).toBe('page for unknown-session #4');
    expect(await fetchPage(get('http://site/'))).toBe('page for pl #1');
  });

  it('keeps a signed-in caller\'s own copy only when the route tagged it for that very caller', async () => {
    const { fetchPage } = site((request) => ({
      tags: request.url.endsWith('/mine') ? ['catalogue', userTag('u-anna')] : ['catalogue', userTag('u-someone-else')],
      cacheControl: 'private, no-store',
    }));
    expect(await fetchPage(get('http://site/mine', 'session=anna-token'))).toBe('page for pl u-anna #1');
    expect(await fetchPage(get('http://site/mine', 'session=anna-token'))).toBe('page for pl u-anna #1');
    expect(await fetchPage(get('http://site/other', 'session=anna-token'))).toBe('page for pl u-anna #2');
    expect(await fetchPage(get('http://site/other', 'session=anna-token'))).toBe('page for pl u-anna #3');
    // Her copy is never a visitor's page.
    expect(await fetchPage(get('http://site/mine'))).toBe('page for pl #4');
  });

  it('given a request without a session, when the page was rendered for a session anyway, then it is refused as a public page', async () => {
    // What the key reads of a request and what the page reads could disagree (a cookie parsed two ways); the answer
    // itself says it was rendered for a user (their tag, private): it is never kept for every visitor.
    for (const rendered of [{ tags: ['catalogue', userTag('u-anna')] }, { tags: ['catalogue'], cacheControl: 'private, no-store' }]) {
      const { fetchPage, renders } = site(() => rendered);
      await fetchPage(get('http://site/kontakt'));
      await fetchPage(get('http://site/kontakt'));
      expect(renders()).toBe(2);
    }
  });

  it('drops tagged pages when the catalogue changes, so the next request renders afresh', async () => {
    const { fetchPage } = site();
    await fetchPage(get('http://site/treningi'));
    invalidatePages(['catalogue']);
    expect(await fetchPage(get('http://site/treningi'))).toBe('page for pl #2');
  });
});

describe('a catalogue edit through the composed modules', () => {
  it('is visible on the very next request for a cached page', async () => {
    const handle = await openMigrated(backends[0]!);
    try {
      // As the runtime does: what a commit changed reaches the composition root (there through the log follower).
      let onCommitted = (_events: readonly RecordedEvent[]) => {};
      const store = createEventStore(handle.db, { onCommitted: (events) => onCommitted(events) });
      const wired = wireModules({ config: { ...parseEnv(NO_RECORDINGS), JWT_SECRET: 'x'.repeat(32) }, log: pino({ level: 'silent' }), db: handle.db, store });
      onCommitted = wired.onCommitted;
      await wired.seed();
      const provider = factory({});
      // The page renders the product's title from the read model, as /video-details does, and asks to be cached.
      const page = async () => {
        const req = get(`http://site/video-details/${DEMO_KEYS.trauma}`);
        const res = await provider.onRequest!({ request: req, url: new URL(req.url), logger }, async () => {
          const product = await wired.services.catalogue.product(DEMO_KEYS.trauma);
          return new Response(product!.title, { headers: { 'CDN-Cache-Control': 'max-age=300', 'Cache-Tag': 'catalogue' } });
        });
        // A stored page answers with its age; a fresh render has none.
        return { text: await res.text(), cache: res.headers.has('age') ? 'HIT' : 'MISS' };
      };
      expect(await page()).toEqual({ text: 'Trauma i ciało w podejściu Gestalt', cache: 'MISS' });
      expect((await page()).cache).toBe('HIT');
      await wired.services.catalogue.reviseProduct(DEMO_KEYS.trauma, { title: 'Trauma, ciało i oddech' }, 'admin');
      await new Promise((r) => setTimeout(r, 0));
      expect(await page()).toEqual({ text: 'Trauma, ciało i oddech', cache: 'MISS' });
    } finally {
      await handle.close();
    }
  });
});
