import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '../../../modules/catalogue/index.ts';
import type { ProductForSale } from '../../../modules/purchases/index.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { joinLinkOf, purchasesOn, refusal } from './fixture.ts';

const product: ProductForSale = {
  key: 'grief-seminar', title: { pl: 'Seminarium o żałobie', en: 'Grief seminar' }, liveAt: new Date('2026-03-01T17:00:00.000Z'), durationMinutes: 180,
  published: true, recordingLink: null, liveLink: 'https://meet.example/grief', prices: [{ currency: 'PLN', amountMinor: 19900, priceId: 'pln' }],
};
const listing = { key: product.key, title: 'Seminarium o żałobie', titleEn: 'Grief seminar' } as Product;

/** The admin's hand: a place given without a card payment, as its user and the other instances see it, and taken back. */
describe.each(backends)('access granted and revoked by hand on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  const clock = fixedClock('2026-02-01T10:00:00.000Z');
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  const setup = () => purchasesOn(handle, product, { clock, listing, log: { isCurrent: () => true } });
  const grant = (purchases: ReturnType<typeof setup>['purchases'], email = 'u1@example.com', reason = 'bezpłatne miejsce: prowadząca') =>
    purchases.grantAccess({ productKey: product.key, email, reason, adminId: 'admin-1' });

  it('gives the user the product as their purchase (links, My Recordings, the watch page), remembered or not', async () => {
    const { purchases, store } = setup();
    expect(await purchases.ownedKeys('u1')).toEqual([]);
    const { purchaseId, userId } = await grant(purchases);
    expect(userId).toBe('u1');
    expect(await purchases.ownedKeys('u1')).toEqual([product.key]);
    // The holder of a granted place is reminded of the sessions like a buyer (issue 24).
    expect(await handle.db.selectFrom('outbox').select('dedupe_key').where('dedupe_key', '=', `meeting-schedule:${purchaseId}`).execute()).toHaveLength(1);
    // The live link as the buyer's personal join link (checked and recorded when clicked), never the meeting's own URL.
    expect(await purchases.linksFor('u1', product.key)).toEqual({ meetLink: joinLinkOf(purchaseId) });
    expect((await purchases.library('u1')).map((l) => l.product.key)).toEqual([product.key]);
    expect((await purchases.watchDecision('u1', product.key))?.links).toEqual({ meetLink: joinLinkOf(purchaseId) });
    expect(await purchases.recordPlayback('u1', product.key)).toBe('recorded');
    const [event] = await store.readStream(`purchase-${purchaseId}`);
    expect(event).toMatchObject({ type: 'AccessGranted', data: { userId: 'u1', reason: 'bezpłatne miejsce: prowadząca', grantedBy: 'admin-1' },
      metadata: { actor: 'admin-1', concerns: ['u1'] } });
  });

  it('takes access away at once when revoked, and the user may then buy it', async () => {
    const { purchases, store } = setup();
    const { purchaseId } = await grant(purchases);
    expect(await purchases.ownedKeys('u1')).toEqual([product.key]);
    expect(await purchases.revokeAccess(purchaseId, 'admin-1')).toBe('revoked');
    expect(await purchases.ownedKeys('u1')).toEqual([]);
    expect(await purchases.linksFor('u1', product.key)).toEqual({});
    expect(await purchases.library('u1')).toEqual([]);
    expect(await refusal(purchases.recordPlayback('u1', product.key))).toBe('no-access');
    expect(await purchases.revokeAccess(purchaseId, 'admin-1')).toBe('already-revoked');
    expect((await store.readStream(`ownership-u1:${product.key}`)).map((e) => e.type)).toEqual(['OwnershipClaimed', 'OwnershipReleased']);
    const { purchaseId: bought } = await purchases.startCheckout({ userId: 'u1', email: 'u1@example.com', productKey: product.key, priceId: 'pln', locale: 'pl' });
    expect(await purchases.payDevCheckout(bought, 'u1')).toBe('recorded');
    expect(await purchases.ownedKeys('u1')).toEqual([product.key]);
  });

  it('refuses an unknown address or product, an empty reason, a user who owns the product, and revoking a card payment', async () => {
    const { purchases } = setup();
    expect(await refusal(grant(purchases, 'nobody@elsewhere.test'))).toBe('grant-unknown-user');
    expect(await refusal(purchases.grantAccess({ productKey: 'nope', email: 'u1@example.com', reason: 'x', adminId: 'a' }))).toBe('unknown-product');
    expect(await refusal(grant(purchases, 'u1@example.com', ' '))).toBe('grant-reason-missing');
    const { purchaseId } = await purchases.startCheckout({ userId: 'u2', email: 'u2@example.com', productKey: product.key, priceId: 'pln', locale: 'pl' });
    await purchases.payDevCheckout(purchaseId, 'u2');
    expect(await refusal(grant(purchases, 'u2@example.com'))).toBe('already-owned');
    await grant(purchases, 'u3@example.com');
    expect(await refusal(grant(purchases, 'u3@example.com')), 'granted twice').toBe('already-owned');
    expect(await refusal(purchases.revokeAccess(purchaseId, 'admin-1'))).toBe('grant-not-found');
    expect(await refusal(purchases.revokeAccess('no-such-grant', 'admin-1'))).toBe('grant-not-found');
    expect(await purchases.ownedKeys('u2')).toEqual([product.key]);
  });

  it('lets a checkout started before the grant be refunded as a duplicate once paid, so nobody pays for what they were given', async () => {
    const { purchases } = setup();
    const { purchaseId } = await purchases.startCheckout({ userId: 'u1', email: 'u1@example.com', productKey: product.key, priceId: 'pln', locale: 'pl' });
    await grant(purchases);
    expect(await refusal(purchases.payDevCheckout(purchaseId, 'u1'))).toBe('already-owned');
    const late = { id: `dev_${purchaseId}`, paid: true, amountMinor: 19_900, currency: 'PLN' as const, paymentIntentId: null, purchaseId, userId: 'u1', productKey: product.key };
    expect(await purchases.fulfil(late)).toBe('duplicate-refunded');
  });
});
