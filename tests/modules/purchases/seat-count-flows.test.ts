import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { createPurchases, ProductForSale } from '../../../modules/purchases/index.ts';
import type { createEventStore } from '../../../modules/shared/events/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { purchasesOn, refusal } from './fixture.ts';

// Payments take their seats as they happen only while the product has a capacity; what was sold, granted or ended
// otherwise is counted before the next decision on its seats, and shown at once.
const DAY = 86_400_000;
const START = Date.parse('2026-09-01T08:00:00.000Z');

describe.each(backends)('seats counted from the access a product gives, whatever happened while nobody counted, on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let purchases: ReturnType<typeof createPurchases>;
  let store: ReturnType<typeof createEventStore>;
  let product: ProductForSale;
  beforeEach(async () => {
    product = {
      key: 'training', title: { pl: 'Trening', en: 'Training' }, liveAt: new Date(START + 20 * DAY), durationMinutes: 480, published: true,
      recordingLink: null, liveLink: null, prices: [{ currency: 'PLN', amountMinor: 240000, priceId: 'pln' }], capacity: 2,
    };
    handle = await openMigrated(backend);
    ({ purchases, store } = purchasesOn(handle, product, { clock: () => new Date(START) }));
  });
  afterEach(async () => handle?.close());

  const buy = async (userId: string) => {
    const { purchaseId } = await purchases.startCheckout({ userId, email: `${userId}@example.com`, productKey: product.key, priceId: 'pln', locale: 'pl' });
    expect(await purchases.payDevCheckout(purchaseId, userId)).toBe('recorded');
    return purchaseId;
  };
  const seatEvents = async () => (await store.readStream('seats-training'))
    .map((e) => `${e.type}${e.type === 'SeatReleased' ? `:${(e.data as { reason: string }).reason}` : ''}`);

  it('counts the sales made while the capacity was removed when it is set again: the page says sold out and a checkout is refused', async () => {
    await buy('u1');
    product.capacity = null;
    await buy('u2');
    await buy('u3');
    product.capacity = 3;
    expect(await purchases.seats(product.key)).toEqual({ capacity: 3, sold: 3, held: 0, waiting: 0, free: 0 });
    expect(await refusal(purchases.startCheckout({ userId: 'u4', email: 'u4@example.com', productKey: product.key, priceId: 'pln', locale: 'pl' }))).toBe('sold-out');
    // A refused decision records nothing, its counting neither; the next decision records it.
    expect(await seatEvents()).toEqual(['SeatHeld', 'SeatTaken']);
    await purchases.sweepExpiredHolds(product.key);
    expect(await seatEvents()).toEqual(['SeatHeld', 'SeatTaken', 'SeatTaken', 'SeatTaken']);
  });

  it('frees the seat of a purchase refunded while the capacity was removed', async () => {
    const first = await buy('u1');
    await buy('u2');
    product.capacity = null;
    await purchases.requestRefund({ purchaseId: first, amountMinor: 240_000, reason: 'odwołany udział', requestedBy: { kind: 'admin', userId: 'admin' }, revokeAccess: true });
    product.capacity = 2;
    expect(await purchases.seats(product.key)).toEqual({ capacity: 2, sold: 1, held: 0, waiting: 0, free: 1 });
    await buy('u3');
    expect(await seatEvents()).toEqual(['SeatHeld', 'SeatTaken', 'SeatHeld', 'SeatTaken', 'SeatReleased:ended', 'SeatHeld', 'SeatTaken']);
  });

  it('counts a grant as a seat at once (the admin may go over the capacity), and a revoked grant offers its seat to the list', async () => {
    await buy('u1');
    const { purchaseId } = await purchases.grantAccess({ productKey: product.key, email: 'u2@example.com', reason: 'asystentka', adminId: 'admin' });
    expect(await purchases.seats(product.key)).toEqual({ capacity: 2, sold: 2, held: 0, waiting: 0, free: 0 });
    expect(await refusal(purchases.startCheckout({ userId: 'u3', email: 'u3@example.com', productKey: product.key, priceId: 'pln', locale: 'pl' }))).toBe('sold-out');
    expect(await purchases.waitlist.join(product.key, 'u3')).toEqual({ open: true, position: 1, offer: null });
    const second = await purchases.grantAccess({ productKey: product.key, email: 'u4@example.com', reason: 'superwizor', adminId: 'admin' });
    expect(await purchases.seats(product.key)).toMatchObject({ capacity: 2, sold: 3, free: 0 });
    expect(await purchases.revokeAccess(purchaseId, 'admin')).toBe('revoked');
    // Three seats were given for two: one revocation leaves the product full, the second frees a seat for u3.
    expect((await purchases.waitlist.status(product.key, 'u3')).offer).toBeNull();
    expect(await purchases.revokeAccess(second.purchaseId, 'admin')).toBe('revoked');
    expect((await purchases.waitlist.status(product.key, 'u3')).offer).not.toBeNull();
    expect(await seatEvents()).toEqual(['SeatHeld', 'SeatTaken', 'SeatTaken', 'WaitlistJoined', 'SeatTaken', 'SeatReleased:ended', 'SeatReleased:ended', 'SeatOffered']);
  });
});
