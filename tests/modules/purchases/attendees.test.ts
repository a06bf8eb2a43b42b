import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '../../../modules/catalogue/index.ts';
import type { createPurchases, ProductForSale } from '../../../modules/purchases/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { purchasesOn, refusal } from './fixture.ts';

const DAY = 86_400_000;
const product: ProductForSale = {
  key: 'field-workshop', title: { pl: 'Teoria pola', en: 'Field theory' }, liveAt: new Date('2026-12-01T09:00:00Z'), durationMinutes: 240, published: true,
  recordingLink: null, liveLink: null, prices: [{ currency: 'PLN', amountMinor: 229000, priceId: 'pln' }],
};
const listing = { key: product.key, title: 'Teoria pola', titleEn: 'Field theory' } as Product;

describe.each(backends)('the attendee list of a product (admin) on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let purchases: ReturnType<typeof createPurchases>;
  let now: Date;
  beforeEach(async () => {
    handle = await openMigrated(backend);
    now = new Date('2026-11-01T10:00:00Z');
    ({ purchases } = purchasesOn(handle, product, { clock: () => now, listing, erased: ['erased'] }));
  });
  afterEach(async () => handle?.close());

  const checkout = async (userId: string) =>
    (await purchases.startCheckout({ userId, email: `${userId}@example.com`, productKey: product.key, priceId: 'pln', locale: 'pl' })).purchaseId;
  const buy = async (userId: string, at: string) => {
    now = new Date(at);
    expect(await purchases.payDevCheckout(await checkout(userId), userId)).toBe('recorded');
  };

  it('lists every payment with contact details, amount, currency and state, oldest first, with totals per currency', async () => {
    await buy('late', '2026-11-03T08:00:00Z');
    await buy('early', '2026-11-02T08:00:00Z');
    const list = await purchases.attendees(product.key);
    expect(list.product).toEqual({ key: product.key, title: 'Teoria pola', titleEn: 'Field theory' });
    expect(list.attendees.map(({ purchaseId: _id, ...a }) => a)).toEqual([
      { userId: 'early', name: 'Name early', email: 'early@example.com', phone: '+48 early', purchaseDate: '2026-11-02T08:00:00.000Z',
        amount: 2290, currency: 'PLN', state: 'paid', reason: null, refundedAmount: 0, refundPendingAmount: 0 },
      { userId: 'late', name: 'Name late', email: 'late@example.com', phone: '+48 late', purchaseDate: '2026-11-03T08:00:00.000Z',
        amount: 2290, currency: 'PLN', state: 'paid', reason: null, refundedAmount: 0, refundPendingAmount: 0 },
    ]);
    expect(list.totals).toEqual({ paid: [{ currency: 'PLN', count: 2, amount: 4580 }], refunded: [], granted: 0 });
    expect(list.owners).toEqual(['early', 'late']);
  });

  it('counts a grant by hand apart from card payments, and drops it from the list and the owners once revoked', async () => {
    await buy('payer', '2026-11-02T08:00:00Z');
    now = new Date('2026-11-04T08:00:00Z');
    const { purchaseId } = await purchases.grantAccess({ productKey: product.key, email: 'u7@example.com', reason: 'przelew 12.11', adminId: 'admin' });
    const list = await purchases.attendees(product.key);
    expect(list.attendees.map((a) => [a.userId, a.state, a.amount, a.reason])).toEqual([['payer', 'paid', 2290, null], ['u7', 'granted', 0, 'przelew 12.11']]);
    expect(list.totals).toEqual({ paid: [{ currency: 'PLN', count: 1, amount: 2290 }], refunded: [], granted: 1 });
    expect(list.owners).toEqual(['payer', 'u7']);
    expect(await purchases.revokeAccess(purchaseId, 'admin')).toBe('revoked');
    const after = await purchases.attendees(product.key);
    expect([after.attendees.map((a) => a.userId), after.totals.granted, after.owners]).toEqual([['payer'], 0, ['payer']]);
  });

  it('leaves out a checkout not yet paid, and lists its buyer once they pay', async () => {
    const open = await checkout('waiting');
    expect((await purchases.attendees(product.key)).attendees).toEqual([]);
    now = new Date(now.getTime() + DAY);
    await purchases.payDevCheckout(open, 'waiting');
    expect((await purchases.attendees(product.key)).attendees.map((a) => a.userId)).toEqual(['waiting']);
  });

  it('leaves out a buyer whose personal data is erased, keeping the others and the money in the totals', async () => {
    await buy('erased', '2026-11-02T08:00:00Z');
    await buy('kept', '2026-11-03T08:00:00Z');
    const list = await purchases.attendees(product.key);
    expect(list.attendees.map((a) => a.userId)).toEqual(['kept']);
    expect(list.totals.paid).toEqual([{ currency: 'PLN', count: 2, amount: 4580 }]);
  });

  it('refuses an unknown product with attendees-unknown-product', async () => {
    expect(await refusal(purchases.attendees('nope'))).toBe('attendees-unknown-product');
  });
});
