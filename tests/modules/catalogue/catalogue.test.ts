import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesIn, createCatalogue, DEMO_KEYS, isUpcoming, toApiVideo, type Catalogue } from '../../../modules/catalogue/index.ts';
import { parseEnv } from '../../../modules/shared/config/index.ts';
import { createEventStore, type EventStore } from '../../../modules/shared/events/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';

const NOW = new Date('2026-11-23T10:00:00Z');

describe.each(backends)('catalogue on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let store: EventStore;
  let catalogue: Catalogue;
  const changes: string[] = [];

  beforeAll(async () => {
    handle = await openMigrated(backend);
    store = createEventStore(handle.db, { onCommitted: (events) => changes.push(...changesIn(events)) });
    const ctx = { config: { ...parseEnv({}), JWT_SECRET: 'x'.repeat(32) }, log: pino({ level: 'silent' }), db: handle.db, store };
    catalogue = createCatalogue(ctx);
    for (const p of catalogue.projections) store.addProjection(p);
    await catalogue.seed(NOW);
  });
  afterAll(async () => handle?.close());

  it('seeds the five demo products with the prices of spec 9 (USD, PLN, EUR)', async () => {
    const products = await catalogue.products();
    const amounts = Object.fromEntries(products.map((p) => [p.key, p.price.map((x) => `${x.name} ${x.price}`).join(' / ')]));
    expect(amounts).toEqual({
      [DEMO_KEYS.shame]: 'USD 630 / PLN 2290 / EUR 540',
      [DEMO_KEYS.contactStyles]: 'USD 165 / PLN 619 / EUR 145',
      [DEMO_KEYS.trauma]: 'USD 77 / PLN 299 / EUR 68',
      [DEMO_KEYS.fieldTheory]: 'USD 630 / PLN 2290 / EUR 540',
      [DEMO_KEYS.breath]: 'USD 610 / PLN 2200 / EUR 520',
    });
    expect(products.every((p) => p.price.every((x) => x.api.startsWith('price_')))).toBe(true);
  });

  it('dates at least two products ahead and two in the past with a recording, relative to the seeding day', async () => {
    const products = await catalogue.products();
    expect(products.filter((p) => isUpcoming(p, NOW)).length).toBeGreaterThanOrEqual(2);
    expect(products.filter((p) => !isUpcoming(p, NOW) && p.recordingAvailable).length).toBeGreaterThanOrEqual(2);
  });

  it('describes the Breath and Embodiment training with the facts of spec 1 and 9', async () => {
    const breath = (await catalogue.product(DEMO_KEYS.breath))!;
    const text = JSON.stringify(breath.details.map((d) => d.value.en)) + breath.final.en + breath.duration.en;
    for (const fact of ['50 hours', '6 days', '8 to 14 people', '400 PLN deposit', '1800 PLN', 'instalments', '1250 PLN', 'double room', '1500 PLN', 'single room', '09:00–17:30', '13:00–14:30', 'two years of individual therapy', 'two professional certification bodies']) {
      expect(text, fact).toContain(fact);
    }
    expect(breath.groupSize).toEqual({ min: 8, max: 14 });
    expect(breath.category).toBe('training');
  });

  it('answers the API shape of spec 3 without any link', async () => {
    const api = toApiVideo((await catalogue.product(DEMO_KEYS.trauma))!);
    expect(Object.keys(api).sort()).toEqual(['date', 'desc', 'details', 'detailsEn', 'key', 'thumbnail', 'title', 'titleEn']);
    expect(api.date).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(JSON.stringify(api)).not.toMatch(/meet\.example|recordings\//);
  });

  it('seeds only once', async () => {
    const before = (await store.readAll(0, 10_000)).length;
    await catalogue.seed(NOW);
    expect((await store.readAll(0, 10_000)).length).toBe(before);
  });

  it('applies a revision, names what it changed for the public pages, and rebuilds the read models to the same rows', async () => {
    changes.length = 0;
    await catalogue.reviseProduct(DEMO_KEYS.shame, { title: 'Wstyd i duma' }, 'admin-1');
    expect((await catalogue.product(DEMO_KEYS.shame))!.title).toBe('Wstyd i duma');
    expect(changes).toEqual(['catalogue']);
    const article = await catalogue.publishArticle({ title: '  Żółć i łąka: notatki  ', description: 'Opis', link: 'https://example.org/a' });
    expect(changes).toEqual(['catalogue', 'articles']);
    expect(article.key).toMatch(/^zolc-i-laka-notatki-[a-z0-9]{6}$/);
    await catalogue.removeArticle((await catalogue.articles()).at(-1)!.key);
    const snapshot = async () => ({
      products: await handle.db.selectFrom('catalogue_products').selectAll().orderBy('key').execute(),
      facilitators: await handle.db.selectFrom('catalogue_facilitators').selectAll().orderBy('id').execute(),
      articles: await handle.db.selectFrom('catalogue_articles').selectAll().orderBy('key').execute(),
    });
    const live = await snapshot();
    await store.rebuildProjections();
    expect(await snapshot()).toEqual(live);
    expect(live.articles.map((a) => a.title)).toContain('Żółć i łąka: notatki');
  });

  it('refuses an invalid article and a revision of an unknown product', async () => {
    await expect(catalogue.publishArticle({ title: 'x', description: ' ', link: 'https://e.org' })).rejects.toThrow('article-invalid');
    await expect(catalogue.publishArticle({ title: 'x', description: 'y', link: 'javascript:alert(1)' })).rejects.toThrow('article-invalid');
    await expect(catalogue.reviseProduct('nope', { title: 'x' })).rejects.toThrow('product-not-found');
  });
});
