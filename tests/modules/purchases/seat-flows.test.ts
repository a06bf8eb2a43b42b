import { afterEach, describe, expect, it } from 'vitest';
import { HOLD_MINUTES, type ProductForSale } from '../../../modules/purchases/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { oneSeatTraining, purchasesOn, refusal, START, useShop } from './fixture.ts';

const product = oneSeatTraining();

describe.each(backends)('seats of a product with one seat (dev checkout) on $name', (backend) => {
  const shop = useShop(backend, product);

  const start = (userId: string) => shop.purchases.startCheckout({ userId, email: `${userId}@example.com`, productKey: product.key, priceId: 'pln', locale: 'pl' });
  const seatEvents = async () => (await shop.store.readStream('seats-training')).map((e) => `${e.type}${e.type === 'SeatReleased' ? `:${(e.data as { reason: string }).reason}` : ''}`);

  it('holds the only seat for the first checkout, refuses the next sold-out with no checkout recorded, and frees it when the hold expires', async () => {
    const first = await start('u1');
    expect(await shop.purchases.seats(product.key)).toEqual({ capacity: 1, sold: 0, held: 1, waiting: 0, free: 0 });
    expect(await refusal(start('u2'))).toBe('sold-out');
    expect(await shop.purchases.purchasesOf('u2')).toEqual([]);
    // One millisecond before the hold's end it still counts; at its end it no longer does.
    shop.now = START + HOLD_MINUTES * 60_000 - 1;
    expect(await refusal(start('u2'))).toBe('sold-out');
    shop.now = START + HOLD_MINUTES * 60_000;
    expect(await shop.purchases.seats(product.key)).toEqual({ capacity: 1, sold: 0, held: 0, waiting: 0, free: 1 });
    // The dev page is valid as long as Stripe's would be: no longer.
    expect(await refusal(shop.purchases.payDevCheckout(first.purchaseId, 'u1'))).toBe('checkout-expired');
    const second = await start('u2');
    expect(await shop.purchases.payDevCheckout(second.purchaseId, 'u2')).toBe('recorded');
    expect(await shop.purchases.seats(product.key)).toEqual({ capacity: 1, sold: 1, held: 0, waiting: 0, free: 0 });
    expect(await seatEvents()).toEqual(['SeatHeld', 'SeatReleased:expired', 'SeatHeld', 'SeatTaken']);
  });

  it('lets a buyer start again: their second checkout replaces their own hold instead of being refused', async () => {
    await start('u1');
    const again = await start('u1');
    expect(await shop.purchases.seats(product.key)).toEqual({ capacity: 1, sold: 0, held: 1, waiting: 0, free: 0 });
    expect(await shop.purchases.payDevCheckout(again.purchaseId, 'u1')).toBe('recorded');
    expect(await seatEvents()).toEqual(['SeatHeld', 'SeatReleased:replaced', 'SeatHeld', 'SeatTaken']);
  });

  it('frees the seat when a full refund ends the access it gave, so the next buyer can pay for it', async () => {
    const paid = await start('u1');
    await shop.purchases.payDevCheckout(paid.purchaseId, 'u1');
    expect(await refusal(start('u2'))).toBe('sold-out');
    await shop.purchases.requestRefund({ purchaseId: paid.purchaseId, amountMinor: 240_000, reason: 'odwołany udział', requestedBy: { kind: 'admin', userId: 'admin' }, revokeAccess: true });
    expect(await shop.purchases.seats(product.key)).toEqual({ capacity: 1, sold: 0, held: 0, waiting: 0, free: 1 });
    const next = await start('u2');
    expect(await shop.purchases.payDevCheckout(next.purchaseId, 'u2')).toBe('recorded');
    expect(await seatEvents()).toEqual(['SeatHeld', 'SeatTaken', 'SeatReleased:refund', 'SeatHeld', 'SeatTaken']);
  });

  it('records the lapsed holds on a sweep, once', async () => {
    await start('u1');
    shop.now += HOLD_MINUTES * 60_000;
    expect(await shop.purchases.sweepExpiredHolds(product.key)).toBe(1);
    expect(await shop.purchases.sweepExpiredHolds(product.key)).toBe(0);
    expect(await seatEvents()).toEqual(['SeatHeld', 'SeatReleased:expired']);
  });

  it('given a hold, then the sweep is timed work due at the hold\'s expiry, and delivering it records the release', async () => {
    await start('u1');
    const timed = await shop.handle.db.selectFrom('outbox').select(['topic', 'payload', 'next_attempt_at']).where('topic', '=', 'seat-expiry').execute();
    expect(timed.map((r) => [r.payload, new Date(r.next_attempt_at).getTime()])).toEqual([[{ productKey: 'training' }, START + HOLD_MINUTES * 60_000]]);
    shop.now += HOLD_MINUTES * 60_000;
    await shop.purchases.outboxHandlers['seat-expiry']!({ productKey: 'training' });
    expect(await seatEvents()).toEqual(['SeatHeld', 'SeatReleased:expired']);
  });

  it('leaves a product without a capacity unlimited, with no seats stream', async () => {
    const free = purchasesOn(shop.handle, { ...product, key: 'open-seminar', capacity: null }, { clock: () => new Date(shop.now) }).purchases;
    await free.startCheckout({ userId: 'u1', email: 'u1@example.com', productKey: 'open-seminar', priceId: 'pln', locale: 'pl' });
    expect(await free.seats('open-seminar')).toEqual({ capacity: null, sold: 0, held: 0, waiting: 0, free: null });
    expect(await shop.store.readStream('seats-open-seminar')).toEqual([]);
  });
});

describe.each(backends)('seats of a product that sold before it had a capacity, on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  afterEach(async () => handle?.close());

  it('given two paid purchases and then a capacity of 3, when others check out, then the two count as sold: one more holds, the next is sold out', async () => {
    handle = await openMigrated(backend);
    const unlimited: ProductForSale = { ...product, key: 'workshop', capacity: null };
    const { purchases, store } = purchasesOn(handle, unlimited, { clock: () => new Date(START) });
    const buy = async (userId: string) => {
      const { purchaseId } = await purchases.startCheckout({ userId, email: `${userId}@example.com`, productKey: 'workshop', priceId: 'pln', locale: 'pl' });
      await purchases.payDevCheckout(purchaseId, userId);
    };
    await buy('u1');
    await buy('u2');
    unlimited.capacity = 3;
    expect(await purchases.seats('workshop')).toEqual({ capacity: 3, sold: 2, held: 0, waiting: 0, free: 1 });
    await buy('u3');
    expect(await refusal(purchases.startCheckout({ userId: 'u4', email: 'u4@example.com', productKey: 'workshop', priceId: 'pln', locale: 'pl' }))).toBe('sold-out');
    const events = await store.readStream('seats-workshop');
    expect(events.map((e) => `${e.type}${(e.data as { adopted?: boolean }).adopted ? ':adopted' : ''}`)).toEqual(['SeatTaken:adopted', 'SeatTaken:adopted', 'SeatHeld', 'SeatTaken']);
    expect(await purchases.seats('workshop')).toEqual({ capacity: 3, sold: 3, held: 0, waiting: 0, free: 0 });
  });
});
