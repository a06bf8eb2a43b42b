import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createCatalogue, detailLines, type Product } from '../../../modules/catalogue/index.ts';
import { isLegacy, structuredFromLegacy, type LegacyProduct } from '../../../modules/catalogue/legacy.ts';
import { productStream } from '../../../modules/catalogue/product.ts';
import { demoProducts } from '../../../modules/catalogue/seed/products.ts';
import { parseEnv } from '../../../modules/shared/config/index.ts';
import { createEventStore } from '../../../modules/shared/events/index.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import { wireModules } from '../../../src/server/modules.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { legacyDemoProducts } from './fixtures/legacy-products.ts';

const NOW = new Date('2026-11-23T10:00:00.000Z');
const old = Object.fromEntries(legacyDemoProducts(NOW).map((s) => [s.product.key, s.product])) as Record<string, LegacyProduct>;
const now = Object.fromEntries(demoProducts(NOW).map((s) => [s.product.key, s.product])) as Record<string, Product>;
const fields = ({ days, dailyEnd, breakTime, place, hours, joinOpensMinutes }: Product) => ({ days, dailyEnd, breakTime, place, hours, joinOpensMinutes });

describe('reading the structured fields out of a product recorded with free-text dates, place and hours', () => {
  it('gives each of the five demo products exactly the fields the seed now records', () => {
    for (const key of Object.keys(now)) {
      const { details: _details, ...read } = structuredFromLegacy(old[key]!);
      expect(read, now[key]!.title).toEqual(fields(now[key]!));
    }
  });

  it('keeps only the lines no field holds, and what an old price line said besides the amount', () => {
    const breath = structuredFromLegacy(old['5a9b3c7d-1e2f-4a6b-9c8d-0e1f2a3b4c05']!);
    expect(breath.details.map((d) => d.label.en)).toEqual(['Payment', 'Accommodation']);
    expect(breath.details[0]!.value.pl).toMatch(/^zadatek 400 PLN, pozostałe 1800 PLN do rozpoczęcia; raty możliwe do /);
    expect(structuredFromLegacy(old['6f1c2a52-3b8e-4c1d-9a57-1e0d4b2f7a01']!).details).toEqual([]);
  });

  it('shows a migrated demo product with the same Details lines as the seed\'s, but for its free lines', () => {
    const key = '6f1c2a52-3b8e-4c1d-9a57-1e0d4b2f7a01';
    const migrated = { ...old[key]!, ...structuredFromLegacy(old[key]!) } as Product;
    expect(detailLines(migrated, 'pl')).toEqual(detailLines(now[key]!, 'pl'));
    expect(detailLines(migrated, 'en')).toEqual(detailLines(now[key]!, 'en'));
  });

  it('gives a product an admin typed freely sensible defaults from its text and start', () => {
    const typed: LegacyProduct = {
      ...old['6f1c2a52-3b8e-4c1d-9a57-1e0d4b2f7a01']!,
      startsAt: '2027-03-05T17:00:00.000Z', // 18:00 in Warsaw
      day: { pl: '5 marca 2027 · Kraków, ul. Długa 1', en: '5 March 2027 · Kraków, Długa St 1' },
      duration: { pl: '2 godziny', en: '2 hours' },
      details: [{ label: { pl: 'Prowadząca', en: 'Facilitator' }, value: { pl: 'Ewa', en: 'Ewa' } }],
    };
    expect(structuredFromLegacy(typed)).toEqual({
      days: 1, dailyEnd: '20:00', breakTime: null, place: { pl: 'Kraków, ul. Długa 1', en: 'Kraków, Długa St 1' }, hours: 2, joinOpensMinutes: 30,
      details: [{ label: { pl: 'Prowadząca', en: 'Facilitator' }, value: { pl: 'Ewa', en: 'Ewa' } }],
    });
    const bare: LegacyProduct = { ...typed, day: { pl: '5 marca', en: '5 March' }, duration: { pl: 'wieczór', en: 'an evening' }, isOnline: false };
    expect(structuredFromLegacy(bare)).toMatchObject({ days: 1, dailyEnd: '23:59', place: { pl: '', en: '' }, hours: null });
  });

  it('tells a product recorded before the fields from one recorded with them', () => {
    expect(Object.values(old).every(isLegacy)).toBe(true);
    expect(Object.values(now).some(isLegacy)).toBe(false);
  });
});

describe.each(backends)('the start-up migration on $name', (backend) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it('revises every old product through the log once, and a rebuild of the read models gives the same tables', async () => {
    const handle = await openMigrated(backend);
    close = () => handle.close();
    const store = createEventStore(handle.db);
    let id = 0;
    const ctx = { config: { ...parseEnv({}), JWT_SECRET: 'x'.repeat(32) }, log: pino({ level: 'silent' }), db: handle.db, store, clock: fixedClock(NOW.toISOString()), ids: () => `id-${++id}` };
    const catalogue = createCatalogue(ctx);
    for (const p of catalogue.projections) store.addProjection(p);
    // The log as a database made before issue 21 holds it: the products as the old seed published them.
    for (const { product, secrets } of legacyDemoProducts(NOW)) await catalogue.publishProduct(product as unknown as Product, secrets, 'seed');

    expect(await catalogue.migrateLegacyProducts()).toBe(5);
    const revised = (await store.readAll(0, 1000)).filter((e) => e.type === 'ProductRevised');
    expect(revised.map((e) => [e.streamId, e.metadata['actor']])).toEqual(Object.keys(now).map((key) => [productStream(key), 'migration']));
    for (const p of await catalogue.adminProducts()) {
      expect(fields(p), p.title).toEqual(fields(now[p.key]!));
      // The old texts would only go stale: the read model drops them once the fields are there.
      expect(Object.keys(p).filter((k) => ['day', 'date', 'duration'].includes(k)), p.title).toEqual([]);
    }

    // A new edition of a migrated product is recorded without the old texts either.
    const edition = await catalogue.duplicateEdition(Object.keys(now)[0]!, '2027-06-01T08:00:00.000Z', 'admin-1');
    const copied = (await store.readStream(productStream(edition)))[0]!.data as { product: Record<string, unknown> };
    expect(['day', 'date', 'duration'].filter((k) => k in copied.product)).toEqual([]);
    expect(copied.product['days']).toBe(3);

    expect(await catalogue.migrateLegacyProducts()).toBe(0);
    const rows = () => handle.db.selectFrom('catalogue_products').selectAll().orderBy('key').execute();
    const live = await rows();
    await store.rebuildProjections();
    expect(await rows()).toEqual(live);
  });

  it('runs among the start-up steps: a server starting on a database made before issue 21 migrates its products', async () => {
    const handle = await openMigrated(backend);
    close = () => handle.close();
    const store = createEventStore(handle.db);
    const wired = wireModules({ config: { ...parseEnv({}), JWT_SECRET: 'x'.repeat(32) }, log: pino({ level: 'silent' }), db: handle.db, store });
    for (const { product, secrets } of legacyDemoProducts(NOW)) await wired.services.catalogue.publishProduct(product as unknown as Product, secrets, 'seed');
    await wired.seed();
    for (const p of await wired.services.catalogue.adminProducts()) expect(fields(p), p.title).toEqual(fields(now[p.key]!));
  });
});
