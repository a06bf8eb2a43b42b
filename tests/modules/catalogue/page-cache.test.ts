import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../../modules/catalogue/index.ts';
import { parseEnv } from '../../../modules/shared/config/index.ts';
import { createEventStore, type RecordedEvent } from '../../../modules/shared/events/index.ts';
import { wireModules } from '../../../src/server/modules.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import factory, { activePageCache, visitorVariant } from '../../../src/server/page-cache-provider.ts';
import { invalidatePages } from '../../../src/server/page-cache.ts';

/** A page renderer standing in for Astro's pipeline: says who it rendered for, and asks to be cached under a tag. */
function renderer() {
  let renders = 0;
  const render = (request: Request) => async () => {
    renders += 1;
    const who = visitorVariant({ authorization: request.headers.get('authorization'), cookie: request.headers.get('cookie') }, new URL(request.url).searchParams.get('lang'));
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

describe('a catalogue edit through the composed modules', () => {
  it('is visible on the very next request for a cached page', async () => {
    const handle = await openMigrated(backends[0]!);
    try {
      // As the runtime does: what a commit changed reaches the composition root (there through the log follower).
      let onCommitted = (_events: readonly RecordedEvent[]) => {};
      const store = createEventStore(handle.db, { onCommitted: (events) => onCommitted(events) });
      const wired = wireModules({ config: { ...parseEnv({}), JWT_SECRET: 'x'.repeat(32) }, log: pino({ level: 'silent' }), db: handle.db, store });
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
