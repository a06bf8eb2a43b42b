import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changesIn, createCatalogue, DEMO_KEYS, type Product } from '../../../modules/catalogue/index.ts';
import { parseEnv } from '../../../modules/shared/config/index.ts';
import { createEventStore } from '../../../modules/shared/events/index.ts';
import { fixedClock, isDomainError } from '../../../modules/shared/kernel/index.ts';
import { backends, openMigrated, type Backend } from '../../support/databases.ts';

async function seeded(backend: Backend) {
  const handle = await openMigrated(backend);
  const store = createEventStore(handle.db);
  let id = 0;
  const ctx = { config: { ...parseEnv({}), JWT_SECRET: 'x'.repeat(32) }, log: pino({ level: 'silent' }), db: handle.db, store, clock: fixedClock('2026-11-23T10:00:00.000Z'), ids: () => `id-${++id}` };
  const catalogue = createCatalogue(ctx);
  for (const p of catalogue.projections) store.addProjection(p);
  await catalogue.seed();
  return { handle, catalogue };
}
const codeOf = (p: Promise<unknown>) => p.then(() => 'done', (e: unknown) => (isDomainError(e) ? `${e.code} ${JSON.stringify(e.data)}` : String(e)));

describe('what a facilitator change drops from the caches', () => {
  it('a facilitator\'s stream and the gallery order change the catalogue pages', () => {
    const at = (streamId: string) => ({ streamId }) as Parameters<typeof changesIn>[0][number];
    expect(changesIn([at('facilitator-anna')])).toEqual(['catalogue']);
    expect(changesIn([at('facilitators-order')])).toEqual(['catalogue']);
  });
});

describe.each(backends)('facilitators as catalogue items on $name', (backend) => {
  let c: Awaited<ReturnType<typeof seeded>>;
  beforeEach(async () => { c = await seeded(backend); });
  afterEach(async () => c?.handle.close());

  it('gives each product its teachers from the facilitators it names, as they are now', async () => {
    const field = (await c.catalogue.product(DEMO_KEYS.fieldTheory))!;
    expect(field.facilitators).toEqual(['tomasz-wrona', 'marta-zielinska']);
    expect(field.channel).toBe('Tomasz Wrona');
    const marta = (await c.catalogue.facilitators()).find((f) => f.id === 'marta-zielinska')!;
    await c.catalogue.saveFacilitator('marta-zielinska', { name: 'Marta Zielińska-Lis', avatar: '/media/uploads/0123456789abcdef0123456789abcdef-640x640', role: marta.role, bio: { pl: 'Nowy opis', en: 'New bio' } }, 'admin');
    const after = (await c.catalogue.product(DEMO_KEYS.fieldTheory))!;
    expect(after.teachers[1]).toEqual({ text: 'Marta Zielińska-Lis', img: '/media/uploads/0123456789abcdef0123456789abcdef-640x640', desc: 'Nowy opis', descEn: 'New bio' });
    expect((await c.catalogue.product(DEMO_KEYS.shame))!).toMatchObject({ channel: 'Marta Zielińska-Lis', avatar: '/media/uploads/0123456789abcdef0123456789abcdef-640x640' });
  });

  it('refuses to remove a facilitator a product names, naming the products, and removes one nobody names', async () => {
    const refused = await codeOf(c.catalogue.retireFacilitator('marta-zielinska', 'admin'));
    expect(refused).toMatch(/^facilitator-in-use /);
    expect(refused).toContain('Wstyd');
    expect((await c.catalogue.facilitators()).map((f) => f.id)).toContain('marta-zielinska');
    const added = await c.catalogue.createFacilitator({ name: 'Anna Nowak', avatar: '/media/avatar-ewa.svg', role: { pl: '', en: '' }, bio: { pl: '', en: '' } }, 'admin');
    expect(added.position).toBe(6);
    await c.catalogue.retireFacilitator(added.id, 'admin');
    expect((await c.catalogue.facilitators()).map((f) => f.name)).not.toContain('Anna Nowak');
  });

  it('puts the gallery in the order asked, and refuses an order that forgets someone', async () => {
    const ids = (await c.catalogue.facilitators()).map((f) => f.id);
    const moved = [ids[1]!, ids[0]!, ...ids.slice(2)];
    await c.catalogue.reorderFacilitators(moved, 'admin');
    expect((await c.catalogue.facilitators()).map((f) => f.id)).toEqual(moved);
    expect((await c.catalogue.facilitators()).map((f) => f.position)).toEqual([1, 2, 3, 4, 5]);
    expect(await codeOf(c.catalogue.reorderFacilitators(moved.slice(1), 'admin'))).toMatch(/^facilitator-order-stale/);
  });

  it('refuses a product naming someone who is not a facilitator', async () => {
    const { key: _key, channel: _c, avatar: _a, teachers: _t, ...input } = (await c.catalogue.adminProducts())[0]!;
    expect(await codeOf(c.catalogue.saveProduct(DEMO_KEYS.shame, { ...input, facilitators: ['nobody'] }, 'admin'))).toMatch(/^facilitator-not-found/);
  });

  it('migrates a product recorded with typed teachers: matched by name, a stranger introduced, once', async () => {
    const old = (await c.catalogue.ownedProduct(DEMO_KEYS.trauma))!;
    const { facilitators: _f, ...typed } = old;
    const legacy = {
      ...typed, key: 'legacy', channel: 'jan kowalczyk',
      teachers: [{ text: 'Jan  Kowalczyk', img: '/media/avatar-jan.svg', desc: 'x', descEn: 'x' }, { text: 'Anna Nowak', img: '/media/avatar-ewa.svg', desc: 'Opis Anny', descEn: 'Anna’s bio' }],
    } as Product;
    await c.catalogue.publishProduct(legacy, { liveLink: null, recordingLink: null });
    expect((await c.catalogue.product('legacy'))!.teachers.map((t) => t.text)).toEqual(['Jan  Kowalczyk', 'Anna Nowak']);
    expect(await c.catalogue.adoptTeachers()).toBe(1);
    const migrated = (await c.catalogue.product('legacy'))!;
    expect(migrated.facilitators).toEqual(['jan-kowalczyk', 'anna-nowak']);
    expect(migrated.teachers.map((t) => t.text)).toEqual(['Jan Kowalczyk', 'Anna Nowak']);
    expect(migrated.teachers[1]).toMatchObject({ desc: 'Opis Anny', descEn: 'Anna’s bio', img: '/media/avatar-ewa.svg' });
    expect((await c.catalogue.facilitators()).at(-1)).toMatchObject({ id: 'anna-nowak', position: 6 });
    expect(await c.catalogue.adoptTeachers()).toBe(0);
  });
});
