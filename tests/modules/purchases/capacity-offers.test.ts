import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CAPACITY_CHANGED_TOPIC, DEMO_KEYS, type AdminProduct, type ProductInput } from '../../../modules/catalogue/index.ts';
import { outboxMails } from '../../support/accounts-module.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { invoicingApp } from '../../support/invoicing-app.ts';

const KEY = DEMO_KEYS.shame;

/** The editor's body for a product as the admin list gives it, with some fields changed. */
function inputOf(p: AdminProduct, changes: Partial<ProductInput>): ProductInput {
  const { key: _key, channel: _channel, avatar: _avatar, teachers: _teachers, startsAt: _start, days: _days, dailyEnd: _end, price, ...rest } = p;
  return { ...rest, price: price.map((x) => ({ priceMinor: x.priceMinor, name: x.name })) as ProductInput['price'], ...changes };
}

/**
 * A capacity raised in the catalogue editor frees seats the waiting list is owed: the catalogue announces it through
 * the outbox in the transaction of the change (nothing is offered from memory, so no crash after the commit loses it),
 * and purchases' handler of that row offers the freed seats, once however often the row runs.
 */
describe.each(backends)('a capacity raised with people waiting, on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  const rows = async (topic: string) => (await handle.db.selectFrom('outbox' as never).selectAll().where('topic' as never, '=', topic as never).orderBy('id' as never).execute()) as
    { dedupe_key: string; payload: unknown }[];
  const payloadOf = (row: { payload: unknown }) => (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload);

  it('given one seat sold and three people waiting, when the capacity goes to 3, then its outbox row offers the two free seats to the first two, and running it again offers nothing more', async () => {
    const app = await invoicingApp(handle);
    const save = async (capacity: number) => {
      const product = (await app.catalogue.adminProducts()).find((p) => p.key === KEY)!;
      await app.catalogue.saveProduct(KEY, inputOf(product, { capacity }), 'admin');
    };
    await save(1);
    await app.drain();
    const buyer = await app.buyer('kupujaca@example.com');
    await app.buy(buyer, 'kupujaca@example.com');
    const [b, c, d] = [await app.buyer('b@example.com'), await app.buyer('c@example.com'), await app.buyer('d@example.com')];
    for (const person of [b, c, d]) await app.purchases.waitlist.join(KEY, person!);
    expect(await app.purchases.seats(KEY)).toMatchObject({ capacity: 1, sold: 1, held: 0, waiting: 3, free: 0 });

    await save(3);
    // The save wrote its announcement and offered nothing by itself: the seats wait for the row.
    const announced = (await rows(CAPACITY_CHANGED_TOPIC)).filter((r) => payloadOf(r).capacity === 3);
    expect(announced).toHaveLength(1);
    expect(announced[0]!.dedupe_key).toMatch(new RegExp(`^capacity-changed:${KEY}:`));
    expect((await app.purchases.waitlist.status(KEY, b!)).offer).toBeNull();
    expect(await app.purchases.seats(KEY)).toMatchObject({ capacity: 3, sold: 1, held: 0, waiting: 3, free: 0 });

    // The row as the worker runs it, then again (a crash before it was marked done, or a second instance).
    const handler = app.wired.outboxHandlers[CAPACITY_CHANGED_TOPIC]!;
    const message = { id: 0, topic: CAPACITY_CHANGED_TOPIC, attempts: 1, claimToken: 'test' };
    await handler(payloadOf(announced[0]!), message);
    await handler(payloadOf(announced[0]!), { ...message, attempts: 2 });
    await app.drain();
    // The history is newest first: the offer to C was made after the one to B.
    const offered = (await app.purchases.waitlist.panel(KEY, { offset: 0, limit: 100 })).history.items.filter((h) => h.type === 'SeatOffered').map((h) => h.userId);
    expect(offered).toEqual([c, b]);
    expect(await app.purchases.waitlist.status(KEY, b!)).toMatchObject({ position: 1, offer: { offerId: '1' } });
    expect(await app.purchases.waitlist.status(KEY, c!)).toMatchObject({ position: 2, offer: { offerId: '2' } });
    expect(await app.purchases.waitlist.status(KEY, d!)).toEqual({ open: true, position: 3, offer: null });
    expect(await app.purchases.seats(KEY)).toMatchObject({ capacity: 3, sold: 1, held: 2, waiting: 1, free: 0 });
    // One offer mail each to the two offered, none to the third.
    const offerMails = (await outboxMails(handle)).filter((m) => m.text.includes('/oferta/')).map((m) => m.to);
    expect(offerMails.sort()).toEqual(['b@example.com', 'c@example.com']);
  });

  it('announces a capacity lowered or set too (the offer step finds nothing free), and nothing for a save that leaves it alone', async () => {
    const app = await invoicingApp(handle);
    const save = async (changes: Partial<ProductInput>) => {
      const product = (await app.catalogue.adminProducts()).find((p) => p.key === KEY)!;
      await app.catalogue.saveProduct(KEY, inputOf(product, changes), 'admin');
    };
    await save({ capacity: 5 });
    await save({ capacity: 5, title: 'Wstyd' });
    await save({ capacity: 4 });
    expect((await rows(CAPACITY_CHANGED_TOPIC)).map((r) => payloadOf(r).capacity)).toEqual([5, 4]);
    await app.drain();
    expect((await app.purchases.waitlist.panel(KEY, { offset: 0, limit: 100 })).history.items.filter((h) => h.type === 'SeatOffered')).toEqual([]);
  });
});
