import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as migratePrices } from '../../../migrations/catalogue/0004_price_minor.ts';
import { createCatalogue, DEMO_KEYS, type OwnershipPort } from '../../../modules/catalogue/index.ts';
import { productStream } from '../../../modules/catalogue/product.ts';
import { parseEnv } from '../../../modules/shared/config/index.ts';
import { createEventStore } from '../../../modules/shared/events/index.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import { backends, openMigrated, type Backend } from '../../support/databases.ts';

const none: OwnershipPort = { ownedKeys: async () => [], ownershipChangesAt: async () => null, linksFor: async () => ({}) };

async function seeded(backend: Backend) {
  const handle = await openMigrated(backend);
  const store = createEventStore(handle.db);
  const ctx = { config: { ...parseEnv({}), JWT_SECRET: 'x'.repeat(32) }, log: pino({ level: 'silent' }), db: handle.db, store, clock: fixedClock('2026-11-23T10:00:00.000Z') };
  const catalogue = createCatalogue(ctx, { ownership: none });
  for (const p of catalogue.projections) store.addProjection(p);
  await catalogue.seed();
  return { handle, store, catalogue };
}

/** Prices recorded in whole units before issue 36 are read in minor units: upcast on read, the log never rewritten. */
describe.each(backends)('a price recorded in whole units on $name', (backend) => {
  let c: Awaited<ReturnType<typeof seeded>>;
  beforeAll(async () => { c = await seeded(backend); });
  afterAll(async () => c?.handle.close());
  const key = DEMO_KEYS.trauma;
  const oldShape = [{ price: 120.5, name: 'USD', api: `price_demo_trauma_usd` }, { price: 2290, name: 'PLN', api: `price_demo_trauma_pln` },
    { price: 0.29, name: 'EUR', api: `price_demo_trauma_eur` }];

  it('is read, projected and rebuilt as an integer of minor units, and stays in the log as it was written', async () => {
    await c.store.append(productStream(key), 'any', [{ type: 'ProductRevised', data: { key, changes: { price: oldShape } } }]);
    const expected = [{ priceMinor: 12_050, name: 'USD', api: 'price_demo_trauma_usd' }, { priceMinor: 229_000, name: 'PLN', api: 'price_demo_trauma_pln' },
      { priceMinor: 29, name: 'EUR', api: 'price_demo_trauma_eur' }];
    expect((await c.catalogue.product(key))!.price).toEqual(expected);
    const last = (await c.store.readStream(productStream(key))).at(-1)!;
    expect((last.data as { changes: { price: unknown } }).changes.price).toEqual(expected);
    const raw = await c.handle.db.selectFrom('events').select('data').where('position', '=', last.position).executeTakeFirstOrThrow();
    expect((raw.data as { changes: { price: unknown } }).changes.price).toEqual(oldShape);

    await c.store.rebuildProjections();
    const rebuilt = await c.handle.db.selectFrom('catalogue_products').select('doc').where('key', '=', key).executeTakeFirstOrThrow();
    expect((rebuilt.doc as { price: unknown }).price).toEqual(expected);
    const page = await c.catalogue.productPage(key, null);
    expect(page!.offers.find((o) => o.currency === 'PLN')).toEqual({ currency: 'PLN', amountMinor: 229_000, priceId: 'price_demo_trauma_pln' });
  });

  it('in a read model stored before the upgrade is brought over by its migration', async () => {
    const row = await c.handle.db.selectFrom('catalogue_products').select('doc').where('key', '=', DEMO_KEYS.shame).executeTakeFirstOrThrow();
    const doc = row.doc as { price: { priceMinor: number; name: string; api: string }[] };
    const before = { ...doc, price: doc.price.map(({ priceMinor, ...p }) => ({ ...p, price: priceMinor / 100 })) };
    await c.handle.db.updateTable('catalogue_products').set({ doc: JSON.stringify(before) }).where('key', '=', DEMO_KEYS.shame).execute();
    await migratePrices(c.handle.db);
    const after = await c.handle.db.selectFrom('catalogue_products').select('doc').where('key', '=', DEMO_KEYS.shame).executeTakeFirstOrThrow();
    expect((after.doc as typeof doc).price).toEqual(doc.price);
  });
});
