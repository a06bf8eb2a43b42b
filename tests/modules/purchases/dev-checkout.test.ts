import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { createPurchases, ProductForSale } from '../../../modules/purchases/index.ts';
import type { createEventStore } from '../../../modules/shared/events/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { purchasesOn, refusal } from './fixture.ts';

const product: ProductForSale = {
  key: 'shame-workshop', title: { pl: 'Warsztat o wstydzie', en: 'Shame workshop' }, liveAt: new Date(Date.now() + 20 * 86_400_000), durationMinutes: 240, published: true,
  recordingLink: null, liveLink: null, prices: [{ currency: 'PLN', amountMinor: 229000, priceId: 'pln' }, { currency: 'EUR', amountMinor: 54000, priceId: 'eur' }],
};

describe.each(backends)('the dev checkout (no Stripe key) on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let purchases: ReturnType<typeof createPurchases>;
  let store: ReturnType<typeof createEventStore>;
  beforeEach(async () => {
    handle = await openMigrated(backend);
    ({ purchases, store } = purchasesOn(handle, product, { buyer: { email: 'kupujacy@example.com', name: 'Jan', language: 'en' } }));
  });
  afterEach(async () => handle?.close());

  const start = async (priceId = 'pln') => {
    const r = await purchases.startCheckout({ userId: 'u1', email: 'kupujacy@example.com', productKey: product.key, priceId, locale: 'en' });
    return r.purchaseId;
  };
  /** A second open checkout that expiry never saw (two tabs pressing Buy at the same instant). */
  const racingCheckout = async (purchaseId: string) => {
    await store.append(`purchase-${purchaseId}`, 0, [{ type: 'CheckoutStarted', data: {
      purchaseId, userId: 'u1', productKey: product.key, priceId: 'eur', currency: 'EUR', amountMinor: 54_000, provider: 'dev', providerSessionId: `dev_${purchaseId}`, startedAt: new Date().toISOString(),
    } }]);
    return purchaseId;
  };

  it('closes the older checkout when a newer one starts: its page shows it expired and cannot pay it', async () => {
    const first = await start();
    expect(await purchases.devCheckout(first, 'u1')).toMatchObject({ status: 'open', amountMinor: 229_000, currency: 'PLN' });
    const second = await start('eur');
    expect(await purchases.devCheckout(first, 'u1')).toMatchObject({ status: 'expired' });
    expect(await refusal(purchases.payDevCheckout(first, 'u1'))).toBe('checkout-expired');
    expect(await purchases.payDevCheckout(second, 'u1')).toBe('recorded');
    expect(await purchases.ownedKeys('u1')).toEqual([product.key]);
    expect(await purchases.devCheckout(second, 'u1')).toMatchObject({ status: 'paid' });
    expect(await purchases.devCheckout(first, 'u1')).toMatchObject({ status: 'owned' });
  });

  it('refuses to take a second payment on an open checkout once the buyer owns the product', async () => {
    const first = await start();
    const other = await racingCheckout('p-racing');
    expect(await purchases.payDevCheckout(first, 'u1')).toBe('recorded');
    expect(await purchases.devCheckout(other, 'u1')).toMatchObject({ status: 'owned', productKey: product.key });
    expect(await refusal(purchases.payDevCheckout(other, 'u1'))).toBe('already-owned');
    expect(await purchases.purchasesOf('u1')).toHaveLength(1);
    expect(await purchases.devCheckout(other, 'u2')).toBeNull();
    expect(await refusal(purchases.payDevCheckout(other, 'u2'))).toBe('checkout-not-found');
  });

  it('refunds a second payment that slipped past the page (both paid at once) and mails the notice', async () => {
    const first = await start();
    const other = await racingCheckout('p-racing');
    expect(await purchases.payDevCheckout(first, 'u1')).toBe('recorded');
    // The page's owner check ran before the first payment committed: the payment reaches fulfilment anyway.
    const late = { id: 'dev_p-racing', paid: true, amountMinor: 54_000, currency: 'EUR' as const, paymentIntentId: null, purchaseId: other, userId: 'u1', productKey: product.key };
    expect(await purchases.fulfil(late)).toBe('duplicate-refunded');
    expect(await purchases.fulfil(late)).toBe('already-recorded');
    expect(await refusal(purchases.payDevCheckout(other, 'u1'))).toBe('already-owned');
    expect(await purchases.devCheckout(other, 'u1')).toMatchObject({ status: 'owned' });
    const refund = (await store.readStream(`purchase-${other}`)).at(-1);
    expect(refund).toMatchObject({ type: 'DuplicatePaymentRefunded', data: { amountMinor: 54_000, currency: 'EUR', provider: 'dev', providerRefundId: 'dev_refund_p-racing' } });
    const mail = await handle.db.selectFrom('outbox').selectAll().where('dedupe_key', '=', `mail:purchase-duplicate-refund:${other}`).execute();
    expect(mail.map((m) => (m.payload as { subject: string }).subject)).toEqual(['Duplicate payment refunded: Shame workshop']);
    expect((mail[0]!.payload as { text: string }).text).toContain('€540');
  });
});
