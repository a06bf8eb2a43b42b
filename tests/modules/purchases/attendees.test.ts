import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '../../../modules/catalogue/index.ts';
import type { createPurchases, ProductForSale } from '../../../modules/purchases/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { purchasesOn, refusal } from './fixture.ts';

const DAY = 86_400_000;
const product: ProductForSale = {
  key: 'field-workshop', title: { pl: 'Teoria pola', en: 'Field theory' }, liveAt: new Date('2026-12-01T09:00:00Z'), durationMinutes: 240, published: true,
  recordingLink: null, liveLink: null, prices: [{ currency: 'PLN', amount: 2290, priceId: 'pln' }],
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

  it('lists every paid owner once with contact details, oldest purchase first', async () => {
    await buy('late', '2026-11-03T08:00:00Z');
    await buy('early', '2026-11-02T08:00:00Z');
    expect(await purchases.attendees(product.key)).toEqual({
      product: { key: product.key, title: 'Teoria pola', titleEn: 'Field theory' },
      attendees: [
        { userId: 'early', name: 'Name early', email: 'early@example.com', phone: '+48 early', purchaseDate: '2026-11-02T08:00:00.000Z' },
        { userId: 'late', name: 'Name late', email: 'late@example.com', phone: '+48 late', purchaseDate: '2026-11-03T08:00:00.000Z' },
      ],
    });
  });

  it('leaves out a checkout not yet paid, and lists its buyer once they pay', async () => {
    const open = await checkout('waiting');
    expect((await purchases.attendees(product.key)).attendees).toEqual([]);
    now = new Date(now.getTime() + DAY);
    await purchases.payDevCheckout(open, 'waiting');
    expect((await purchases.attendees(product.key)).attendees.map((a) => a.userId)).toEqual(['waiting']);
  });

  it('leaves out a buyer whose personal data is erased, keeping the others', async () => {
    await buy('erased', '2026-11-02T08:00:00Z');
    await buy('kept', '2026-11-03T08:00:00Z');
    expect((await purchases.attendees(product.key)).attendees.map((a) => a.userId)).toEqual(['kept']);
  });

  it('refuses an unknown product with attendees-unknown-product', async () => {
    expect(await refusal(purchases.attendees('nope'))).toBe('attendees-unknown-product');
  });
});
