import { describe, expect, it, vi } from 'vitest';
import { backends } from '../../support/databases.ts';
import { DAY, oneSeatTraining, purchasesOn, START, useShop } from './fixture.ts';

const product = oneSeatTraining();

/**
 * A product page's seats and the caller's place on the waiting list (`seatsAndWaitlist`): the same answers as the
 * counts (`seats`) and the place (`waitlist.status`) asked apart, from one read of the product's seats stream.
 */
describe.each(backends)('a product page\'s seats and waiting list from one read, on $name', (backend) => {
  const shop = useShop(backend, product);

  const buy = async (userId: string) => {
    const started = await shop.purchases.startCheckout({ userId, email: `${userId}@example.com`, productKey: product.key, priceId: 'pln', locale: 'pl' });
    expect(await shop.purchases.payDevCheckout(started.purchaseId, userId)).toBe('recorded');
    return started.purchaseId;
  };
  /** The query's answer for `userId`, the reads of the seats stream it made, and the two answers asked apart. */
  async function compared(userId: string | null) {
    const reads = vi.spyOn(shop.store, 'readStream');
    const together = await shop.purchases.seatsAndWaitlist(product.key, userId);
    const streamReads = reads.mock.calls.filter(([stream]) => stream === 'seats-training').length;
    reads.mockRestore();
    const apart = { seats: await shop.purchases.seats(product.key), waitlist: await shop.purchases.waitlist.status(product.key, userId ?? '') };
    return { together, streamReads, apart };
  }

  it('given nothing sold yet (no seats stream), then a visitor sees a free seat and an open list, in one read', async () => {
    const { together, streamReads, apart } = await compared(null);
    expect(together).toEqual({ seats: { capacity: 1, sold: 0, held: 0, waiting: 0, free: 1 }, waitlist: { open: true, position: null, offer: null } });
    expect(together).toEqual(apart);
    expect(streamReads).toBe(1);
  });

  it('given the seat sold and B waiting, then B sees their place, a stranger and a visitor none, each in one read', async () => {
    await buy('A');
    await shop.purchases.waitlist.join(product.key, 'B');
    for (const [userId, position] of [['B', 1], ['C', null], [null, null]] as const) {
      const { together, streamReads, apart } = await compared(userId);
      expect(together).toEqual({ seats: { capacity: 1, sold: 1, held: 0, waiting: 1, free: 0 }, waitlist: { open: true, position, offer: null } });
      expect(together).toEqual(apart);
      expect(streamReads).toBe(1);
    }
  });

  it('given the seat freed and offered to B, then B sees the offer and the seat counts as held', async () => {
    const paid = await buy('A');
    await shop.purchases.waitlist.join(product.key, 'B');
    await shop.purchases.requestRefund({ purchaseId: paid, amountMinor: 240_000, reason: 'x', requestedBy: { kind: 'admin', userId: 'admin' }, revokeAccess: true });
    const { together, apart } = await compared('B');
    expect(together).toEqual({
      seats: { capacity: 1, sold: 0, held: 1, waiting: 0, free: 0 },
      waitlist: { open: true, position: 1, offer: { offerId: '1', expiresAt: new Date(START + DAY).toISOString() } },
    });
    expect(together).toEqual(apart);
  });

  it('given the first session started, then the list is closed and the people on it no longer count against the seats', async () => {
    await buy('A');
    await shop.purchases.waitlist.join(product.key, 'B');
    shop.now = product.liveAt.getTime();
    const { together, apart } = await compared('B');
    expect(together).toEqual({ seats: { capacity: 1, sold: 1, held: 0, waiting: 0, free: 0 }, waitlist: { open: false, position: 1, offer: null } });
    expect(together).toEqual(apart);
  });

  it('given a product without a capacity, then no limit and no list', async () => {
    const open = purchasesOn(shop.handle, { ...product, key: 'seminar', capacity: null }, { clock: () => new Date(shop.now) }).purchases;
    expect(await open.seatsAndWaitlist('seminar', 'B')).toEqual({ seats: { capacity: null, sold: 0, held: 0, waiting: 0, free: null }, waitlist: null });
  });
});
