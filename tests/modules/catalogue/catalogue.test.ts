import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changesIn, createCatalogue, dayLine, DEMO_KEYS, detailLines, durationLine, isUpcoming, productDate, type OwnershipPort } from '../../../modules/catalogue/index.ts';
import { parseEnv } from '../../../modules/shared/config/index.ts';
import { createEventStore } from '../../../modules/shared/events/index.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import { backends, openMigrated, type Backend } from '../../support/databases.ts';

const NOW = '2026-11-23T10:00:00.000Z';
const DAY = 86_400_000;

/** A fresh database with the demo catalogue seeded at NOW; `owners` says who owns what, as purchases would. */
async function seededCatalogue(backend: Backend) {
  const handle = await openMigrated(backend);
  const changes: string[] = [];
  const store = createEventStore(handle.db, { onCommitted: (events) => changes.push(...changesIn(events)) });
  const owned = new Map<string, string[]>();
  const ownership: OwnershipPort = {
    ownedKeys: async (userId) => owned.get(userId) ?? [],
    ownershipChangesAt: async () => null,
    linksFor: async (userId, key) => (owned.get(userId ?? '')?.includes(key) ? { meetLink: 'https://meet.example/live' } : {}),
  };
  const clock = fixedClock(NOW);
  let id = 0;
  const ctx = { config: { ...parseEnv({}), JWT_SECRET: 'x'.repeat(32) }, log: pino({ level: 'silent' }), db: handle.db, store, clock, ids: () => `id-${++id}` };
  const catalogue = createCatalogue(ctx, { ownership });
  for (const p of catalogue.projections) store.addProjection(p);
  await catalogue.seed();
  changes.length = 0;
  return { handle, store, clock, catalogue, changes, owned };
}

describe.each(backends)('the seeded catalogue on $name (queries only: one database for the group)', (backend) => {
  let c: Awaited<ReturnType<typeof seededCatalogue>>;
  beforeAll(async () => { c = await seededCatalogue(backend); });
  beforeEach(() => { c.clock.set(NOW); c.owned.clear(); });
  afterAll(async () => c?.handle.close());
  it('seeds the five demo products with the prices of spec 9 (USD, PLN, EUR)', async () => {
    const products = await c.catalogue.products();
    const amounts = Object.fromEntries(products.map((p) => [p.key, p.price.map((x) => `${x.name} ${x.priceMinor / 100}`).join(' / ')]));
    expect(amounts).toEqual({
      [DEMO_KEYS.shame]: 'USD 630 / PLN 2290 / EUR 540',
      [DEMO_KEYS.contactStyles]: 'USD 165 / PLN 619 / EUR 145',
      [DEMO_KEYS.trauma]: 'USD 77 / PLN 299 / EUR 68',
      [DEMO_KEYS.fieldTheory]: 'USD 630 / PLN 2290 / EUR 540',
      [DEMO_KEYS.breath]: 'USD 610 / PLN 2200 / EUR 520',
    });
    expect(products.every((p) => p.price.every((x) => x.api.startsWith('price_')))).toBe(true);
  });

  it('dates the demo relative to the seeding day, on the Warsaw calendar: two past with a recording, three ahead', async () => {
    const products = await c.catalogue.products();
    expect(products.filter((p) => isUpcoming(p, new Date(NOW))).map((p) => p.key)).toEqual([DEMO_KEYS.shame, DEMO_KEYS.fieldTheory, DEMO_KEYS.breath]);
    expect(products.filter((p) => !isUpcoming(p, new Date(NOW)) && p.recordingAvailable)).toHaveLength(2);
    const breath = (await c.catalogue.product(DEMO_KEYS.breath))!;
    expect(breath.startsAt).toBe('2027-02-11T08:00:00.000Z');
    expect(productDate(breath)).toBe('11.02.2027');
    expect(dayLine(breath, 'pl')).toMatch(/^11–16 lutego 2027 · /);
    expect(dayLine(breath, 'en')).toMatch(/^11–16 February 2027 · /);
  });

  it('describes the Breath and Embodiment training with the facts of spec 1 and 9', async () => {
    const breath = (await c.catalogue.product(DEMO_KEYS.breath))!;
    const text = (JSON.stringify(detailLines(breath, 'en').map((d) => d.value)) + breath.final.en + durationLine(breath, 'en')).replace(/\u00a0/g, ' ');
    for (const fact of ['50 hours', '6 days', '8 to 14 people', 'PLN 2,200', '400 PLN deposit', 'instalments', '1250 PLN', 'double room', '1500 PLN', 'single room', '09:00–17:30', '13:00–14:30', 'two years of individual therapy', 'two professional certification bodies']) {
      expect(text, fact).toContain(fact);
    }
    expect(breath.groupSize).toEqual({ min: 8, max: 14 });
    expect(breath.category).toBe('training');
  });

  it('answers the API shape of spec 3 without any link for a visitor, with the live link for an owner, and product-not-found for an unknown key', async () => {
    const api = await c.catalogue.apiVideo(DEMO_KEYS.trauma, null);
    expect(Object.keys(api).sort()).toEqual(['date', 'desc', 'details', 'detailsEn', 'key', 'thumbnail', 'title', 'titleEn']);
    expect(api.date).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(JSON.stringify(api)).not.toMatch(/meet\.example|recordings\//);
    c.owned.set('ola', [DEMO_KEYS.trauma]);
    expect(await c.catalogue.apiVideo(DEMO_KEYS.trauma, 'ola')).toMatchObject({ key: DEMO_KEYS.trauma, meetLink: 'https://meet.example/live' });
    await expect(c.catalogue.apiVideo('nope', 'ola')).rejects.toMatchObject({ code: 'product-not-found' });
  });

  it('lists an event as coming soon until 24 hours after its last session ends, and marks the ones the visitor owns', async () => {
    const shame = (await c.catalogue.product(DEMO_KEYS.shame))!;
    const endsAt = new Date(shame.sessions!.at(-1)!.end).getTime() + DAY;
    c.owned.set('ola', [DEMO_KEYS.shame]);
    c.clock.set(new Date(endsAt - 1));
    expect((await c.catalogue.comingSoon('ola')).map((x) => [x.product.key, x.owned])).toEqual([[DEMO_KEYS.shame, true], [DEMO_KEYS.fieldTheory, false], [DEMO_KEYS.breath, false]]);
    expect((await c.catalogue.comingSoon(null)).every((x) => !x.owned)).toBe(true);
    c.clock.set(new Date(endsAt));
    expect((await c.catalogue.comingSoon('ola')).map((x) => x.product.key)).toEqual([DEMO_KEYS.fieldTheory, DEMO_KEYS.breath]);
  });

  it('lists every product on its own category page, past ones too, soonest first', async () => {
    c.owned.set('ola', [DEMO_KEYS.trauma]);
    const listings = await c.catalogue.listings('ola');
    expect(listings.map((l) => [l.category, l.items.map((x) => [x.product.key, x.owned])])).toEqual([
      ['seminar', [[DEMO_KEYS.trauma, true], [DEMO_KEYS.contactStyles, false]]],
      ['workshop', [[DEMO_KEYS.shame, false], [DEMO_KEYS.fieldTheory, false]]],
      ['training', [[DEMO_KEYS.breath, false]]],
    ]);
  });

  it('answers the purchase page with its prices in PLN, EUR, USD, whether the visitor owns it, and nothing for an unknown key', async () => {
    const page = (await c.catalogue.productPage(DEMO_KEYS.breath, null))!;
    expect(page.owned).toBe(false);
    expect(page.offers).toEqual([
      { currency: 'PLN', amountMinor: 220000, priceId: 'price_demo_breath_pln' },
      { currency: 'EUR', amountMinor: 52000, priceId: 'price_demo_breath_eur' },
      { currency: 'USD', amountMinor: 61000, priceId: 'price_demo_breath_usd' },
    ]);
    c.owned.set('ola', [DEMO_KEYS.breath]);
    expect((await c.catalogue.productPage(DEMO_KEYS.breath, 'ola'))!.owned).toBe(true);
    expect(await c.catalogue.productPage('nope', 'ola')).toBeNull();
  });
});

describe.each(backends)('catalogue commands on $name (a fresh database for each test)', (backend) => {
  let c: Awaited<ReturnType<typeof seededCatalogue>>;
  beforeEach(async () => { c = await seededCatalogue(backend); });
  afterEach(async () => c?.handle.close());
  it('seeds only once', async () => {
    const before = (await c.store.readAll(0, 10_000)).length;
    await c.catalogue.seed();
    expect((await c.store.readAll(0, 10_000)).length).toBe(before);
  });

  it('applies a revision, names what it changed for the public pages, and rebuilds the read models to the same rows', async () => {
    await c.catalogue.reviseProduct(DEMO_KEYS.shame, { title: 'Wstyd i duma' }, 'admin-1');
    expect((await c.catalogue.product(DEMO_KEYS.shame))!.title).toBe('Wstyd i duma');
    expect(c.changes).toEqual(['catalogue']);
    await c.catalogue.publishArticle({ title: 'Do usunięcia', description: 'Opis', link: 'https://example.org/b' });
    expect(c.changes).toEqual(['catalogue', 'articles']);
    await c.catalogue.removeArticle((await c.catalogue.articles())[0]!.key);
    const snapshot = async () => ({
      products: await c.handle.db.selectFrom('catalogue_products').selectAll().orderBy('key').execute(),
      facilitators: await c.handle.db.selectFrom('catalogue_facilitators').selectAll().orderBy('id').execute(),
      articles: await c.handle.db.selectFrom('catalogue_articles').selectAll().orderBy('key').execute(),
    });
    const live = await snapshot();
    await c.store.rebuildProjections();
    expect(await snapshot()).toEqual(live);
    expect(live.articles.map((a) => a.title)).not.toContain('Do usunięcia');
  });

  it('publishes an article trimmed, keyed by its title slug and a suffix from the id source, newest first', async () => {
    const article = await c.catalogue.publishArticle({ title: '  Żółć i łąka: notatki  ', description: ' Opis ', link: ' https://example.org/a ' });
    expect(article).toEqual({ key: expect.stringMatching(/^zolc-i-laka-notatki-[a-z0-9]{6}$/), title: 'Żółć i łąka: notatki', description: 'Opis', link: 'https://example.org/a' });
    expect((await c.catalogue.articles())[0]).toEqual(article);
    const again = await c.catalogue.publishArticle({ title: 'Żółć i łąka: notatki', description: 'Opis', link: 'https://example.org/a' });
    expect(again.key).not.toBe(article.key);
  });

  it('refuses an incomplete article, a link that is not http(s), removing an unknown article and revising an unknown product', async () => {
    await expect(c.catalogue.publishArticle({ title: 'x', description: ' ', link: 'https://e.org' })).rejects.toMatchObject({ code: 'article-invalid' });
    await expect(c.catalogue.publishArticle({ title: 'x', description: 'y', link: 'javascript:alert(1)' })).rejects.toMatchObject({ code: 'article-link-invalid' });
    await expect(c.catalogue.removeArticle('nope-abc123')).rejects.toMatchObject({ code: 'article-not-found' });
    await expect(c.catalogue.reviseProduct('nope', { title: 'x' })).rejects.toMatchObject({ code: 'product-not-found' });
    expect(c.changes).toEqual([]);
  });
});

describe.each(backends)('an unpublished product on $name', (backend) => {
  let c: Awaited<ReturnType<typeof seededCatalogue>>;
  beforeEach(async () => { c = await seededCatalogue(backend); });
  afterEach(async () => c?.handle.close());
  const inputOf = async (key: string) => {
    const { key: _key, ...input } = (await c.catalogue.adminProducts()).find((p) => p.key === key)!;
    return input;
  };

  it('is gone from the public queries, stays for its owners and the admin, and survives a rebuild of the read models', async () => {
    await c.catalogue.saveProduct(DEMO_KEYS.trauma, { ...(await inputOf(DEMO_KEYS.trauma)), published: false }, 'admin-1');
    expect(c.changes).toEqual(['catalogue']);
    expect(await c.catalogue.product(DEMO_KEYS.trauma)).toBeNull();
    expect((await c.catalogue.products()).map((p) => p.key)).not.toContain(DEMO_KEYS.trauma);
    await expect(c.catalogue.apiVideo(DEMO_KEYS.trauma, null)).rejects.toMatchObject({ code: 'product-not-found' });
    expect((await c.catalogue.ownedProduct(DEMO_KEYS.trauma))!.key).toBe(DEMO_KEYS.trauma);
    expect(await c.catalogue.productWithLinks(DEMO_KEYS.trauma)).toMatchObject({ published: false });
    const rows = () => c.handle.db.selectFrom('catalogue_products').selectAll().orderBy('key').execute();
    const live = await rows();
    await c.store.rebuildProjections();
    expect(await rows()).toEqual(live);
    expect((await c.catalogue.adminProducts()).find((p) => p.key === DEMO_KEYS.trauma)).toMatchObject({ published: false });
  });

  it('is public again once published, and a save that changes nothing records nothing', async () => {
    const input = await inputOf(DEMO_KEYS.trauma);
    const before = (await c.store.readAll(0, 10_000)).length;
    await c.catalogue.saveProduct(DEMO_KEYS.trauma, input, 'admin-1');
    expect((await c.store.readAll(0, 10_000)).length).toBe(before);
    await c.catalogue.saveProduct(DEMO_KEYS.trauma, { ...input, published: false }, 'admin-1');
    await c.catalogue.saveProduct(DEMO_KEYS.trauma, { ...input, published: true }, 'admin-1');
    expect((await c.catalogue.product(DEMO_KEYS.trauma))!.title).toBe(input.title);
  });

  it('is added with a fresh key and its date line from its start', async () => {
    const key = await c.catalogue.createProduct({ ...(await inputOf(DEMO_KEYS.breath)), sessions: undefined, startsAt: '2027-01-04T23:30:00.000Z', published: false }, 'admin-1');
    expect(key).toMatch(/^id-\d+$/);
    expect(await c.catalogue.product(key)).toBeNull();
    // 23:30 UTC on 4 January is already the 5th in Warsaw.
    const added = (await c.catalogue.ownedProduct(key))!;
    expect([added.key, productDate(added), dayLine(added, 'pl')]).toEqual([key, '05.01.2027', '5–10 stycznia 2027 · Ośrodek „Polana”, Podkowa Leśna']);
  });
});
