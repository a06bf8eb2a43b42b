import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProductForSale } from '../../../modules/purchases/index.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { purchasesOn } from './fixture.ts';

const LIVE = '2026-03-01T17:00:00.000Z';
const WINDOW_END = '2026-05-30T17:00:00.000Z';
const product: ProductForSale = {
  key: 'grief-seminar', title: { pl: 'Seminarium o żałobie', en: 'Grief seminar' }, liveAt: new Date(LIVE), durationMinutes: 180, published: true,
  recordingLink: 'media:recordings/grief.webm', liveLink: 'https://meet.example/grief', prices: [{ currency: 'PLN', amountMinor: 19900, priceId: 'pln' }],
};

/** What a user owns, kept in memory while the log is current: the pages' question with no query, and never stale. */
describe.each(backends)('owned products remembered per user on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  const clock = fixedClock('2026-02-01T10:00:00.000Z');
  let current = true;
  beforeEach(async () => {
    clock.set('2026-02-01T10:00:00.000Z');
    current = true;
    handle = await openMigrated(backend);
  });
  afterEach(async () => handle?.close());

  const setup = () => purchasesOn(handle, product, { clock, log: { isCurrent: () => current } });
  const buy = async (purchases: ReturnType<typeof setup>['purchases'], userId: string) => {
    const { purchaseId } = await purchases.startCheckout({ userId, email: `${userId}@example.com`, productKey: product.key, priceId: 'pln', locale: 'pl' });
    await purchases.payDevCheckout(purchaseId, userId);
  };

  it('given a user remembered as owning nothing, when they pay, then the product is theirs at the next question', async () => {
    const { purchases } = setup();
    expect(await purchases.ownedKeys('u1')).toEqual([]);
    await buy(purchases, 'u1');
    expect(await purchases.ownedKeys('u1')).toEqual([product.key]);
    expect((await purchases.accessChangesAt('u1'))?.toISOString()).toBe(WINDOW_END);
  });

  it('given a remembered owner, when the window ends, then they own nothing, with no event at all', async () => {
    const { purchases } = setup();
    await buy(purchases, 'u1');
    expect(await purchases.ownedKeys('u1')).toEqual([product.key]);
    clock.set(WINDOW_END);
    expect(await purchases.ownedKeys('u1')).toEqual([]);
    expect(await purchases.accessChangesAt('u1')).toBeNull();
  });

  it('given a payment recorded by another instance, when the log is behind, then the database is asked and the purchase shows', async () => {
    const here = setup().purchases;
    const elsewhere = setup().purchases;
    expect(await here.ownedKeys('u2')).toEqual([]);
    await buy(elsewhere, 'u2');
    // This instance has not read the event yet: its notification is unread, so nothing remembered is used.
    current = false;
    expect(await here.ownedKeys('u2')).toEqual([product.key]);
  });
});
