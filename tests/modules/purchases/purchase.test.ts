import { describe, expect, it } from 'vitest';
import { ownershipDecider, type ClaimOwnership, type OwnershipEvent } from '../../../modules/purchases/ownership.ts';
import { purchaseDecider, type CompletePurchase, type PurchaseCommand, type PurchaseEvent } from '../../../modules/purchases/purchase.ts';
import { deciderSpec } from '../../../modules/shared/kernel/spec.ts';

const checkout = { purchaseId: 'p1', userId: 'u1', productKey: 'k1', priceId: 'price_pln', currency: 'PLN' as const, amountMinor: 29_900,
  provider: 'stripe' as const, providerSessionId: 'cs_1', startedAt: '2026-02-01T10:00:00.000Z' };
const started: PurchaseEvent = { type: 'CheckoutStarted', data: checkout };
const payment = { purchaseId: 'p1', userId: 'u1', productKey: 'k1', currency: 'PLN' as const, amountMinor: 29_900, provider: 'stripe' as const,
  providerSessionId: 'cs_1', paymentIntentId: 'pi_1', paidAt: '2026-02-01T10:05:00.000Z' };
const catalogueAsks = { amountMinor: 29_900, currency: 'PLN' as const };
const complete: CompletePurchase = { type: 'CompletePurchase', payment, catalogueAsks, accessUntil: '2026-05-30T16:00:00.000Z', ownedThrough: null };
const completed: PurchaseEvent = { type: 'PurchaseCompleted', data: { ...payment, accessUntil: '2026-05-30T16:00:00.000Z' } };
const expireFor = (supersededBy: string): PurchaseCommand => ({ type: 'ExpireCheckout', purchaseId: 'p1', supersededBy, at: '2026-02-01T10:07:00.000Z' });
const expired: PurchaseEvent = { type: 'CheckoutExpired', data: { purchaseId: 'p1', providerSessionId: 'cs_1', supersededBy: 'p2', expiredAt: '2026-02-01T10:07:00.000Z' } };
const paidTwice: CompletePurchase = { ...complete, ownedThrough: 'p0' };
const duplicate: PurchaseEvent = { type: 'DuplicatePaymentReceived', data: { ...payment, ownedThrough: 'p0' } };
const refundOf: PurchaseCommand = { type: 'RecordRefund', purchaseId: 'p1', refund: { amountMinor: 29900, currency: 'PLN', providerRefundId: 're_1' }, at: '2026-02-01T10:06:00.000Z' };
const refunded: PurchaseEvent = { type: 'DuplicatePaymentRefunded', data: { purchaseId: 'p1', amountMinor: 29900, currency: 'PLN', provider: 'stripe', providerRefundId: 're_1', refundedAt: '2026-02-01T10:06:00.000Z' } };
const { given } = deciderSpec(purchaseDecider);
const sale = { liveAt: '2026-03-01T17:00:00.000Z', priceIds: ['price_pln', 'price_eur'], published: true };
const startAt = (startedAt: string, more: Partial<{ priceId: string; ownedThrough: string | null }> = {}): PurchaseCommand =>
  ({ type: 'StartCheckout', checkout: { ...checkout, startedAt, priceId: more.priceId ?? checkout.priceId }, sale, ownedThrough: more.ownedThrough ?? null });

describe('a purchase awaiting payment', () => {
  it('is completed by the provider\'s payment', () => given([started]).when(complete).then([completed]));
  it('refuses a payment for another checkout session', () =>
    given([started]).when({ ...complete, payment: { ...payment, providerSessionId: 'cs_other' } }).thenThrows('checkout-mismatch'));
  it('is expired when the buyer starts a newer checkout for the same product', () =>
    given([started]).when(expireFor('p2')).then([expired]));
  it('owes the money back when the buyer already owns the product through another purchase', () =>
    given([started]).when(paidTwice).then([duplicate]));
  it('is owned when the only owner is this very purchase (a claim that raced its own retry)', () =>
    given([started]).when({ ...paidTwice, ownedThrough: 'p1' }).then([completed]));
  it('has no refund to record', () => given([started]).when(refundOf).thenThrows('no-refund-due'));
  it('cannot be played', () => given([started]).when({ type: 'StartPlayback', purchaseId: 'p1', at: 'x' }).thenThrows('not-paid'));
});

describe('a paid purchase', () => {
  it('ignores a repeated payment report', () => given([started, completed]).when(complete).thenNothing());
  it('records the first playback once', () => {
    const play: PurchaseCommand = { type: 'StartPlayback', purchaseId: 'p1', at: '2026-03-01T00:00:00.000Z' };
    given([started, completed]).when(play).then([{ type: 'PlaybackStarted', data: { purchaseId: 'p1', startedAt: play.at } }]);
    given([started, completed, { type: 'PlaybackStarted', data: { purchaseId: 'p1', startedAt: play.at } }]).when(play).thenNothing();
  });
});

describe('an expired checkout', () => {
  it('is not expired a second time', () => given([started, expired]).when(expireFor('p3')).thenNothing());
  it('still counts a payment made in the instant before it closed, so money taken is never lost', () =>
    given([started, expired]).when(complete).then([completed]));
  it('turns such a payment into a refund when the product is owned through the newer purchase', () =>
    given([started, expired]).when(paidTwice).then([duplicate]));
  it('cannot be played', () => given([started, expired]).when({ type: 'StartPlayback', purchaseId: 'p1', at: 'x' }).thenThrows('not-paid'));
});

describe('a checkout already paid when a newer one starts', () => {
  it('is not expired: the payment stands', () => given([started, completed]).when(expireFor('p2')).thenNothing());
  it('is not expired when it was a duplicate either', () => given([started, duplicate]).when(expireFor('p2')).thenNothing());
});

describe('a duplicate payment', () => {
  it('records the provider\'s refund once', () => {
    given([started, duplicate]).when(refundOf).then([refunded]);
    given([started, duplicate, refunded]).when(refundOf).thenNothing();
  });
  it('ignores a repeated payment report, before and after the refund', () => {
    given([started, duplicate]).when(paidTwice).thenNothing();
    given([started, duplicate, refunded]).when(paidTwice).thenNothing();
  });
  it('gives no access and cannot be played', () =>
    given([started, duplicate, refunded]).when({ type: 'StartPlayback', purchaseId: 'p1', at: 'x' }).thenThrows('not-paid'));
  it('is never expired', () => given([started, duplicate, refunded]).when(expireFor('p2')).thenNothing());
});

describe('a paid purchase and refunds', () => {
  it('has no refund to record', () => given([started, completed]).when(refundOf).thenThrows('no-refund-due'));
});

describe('ownership of a product by one buyer', () => {
  const owning = deciderSpec(ownershipDecider);
  const claim = (purchaseId: string): ClaimOwnership => ({ type: 'ClaimOwnership', userId: 'u1', productKey: 'k1', purchaseId, at: '2026-02-01T10:05:00.000Z' });
  const claimed = (purchaseId: string): OwnershipEvent => ({ type: 'OwnershipClaimed', data: { userId: 'u1', productKey: 'k1', purchaseId, claimedAt: '2026-02-01T10:05:00.000Z' } });
  it('goes to the first paid purchase', () => owning.given([]).when(claim('p1')).then([claimed('p1')]));
  it('is not claimed again by the same purchase', () => owning.given([claimed('p1')]).when(claim('p1')).thenNothing());
  it('is never given to a second purchase', () => owning.given([claimed('p1')]).when(claim('p2')).thenThrows('owned-through-another-purchase', { owner: 'p1' }));
});

describe('a purchase nobody saw start', () => {
  it('is a refund when the product is already owned', () => given([]).when(paidTwice).then([duplicate]));
  it('has no open checkout to expire', () => given([]).when(expireFor('p2')).thenThrows('no-open-checkout'));
  it('is still recorded when the provider reports it paid, so no paid purchase is lost', () => given([]).when(complete).then([completed]));
});

describe('starting a checkout (live 1 March 2026 17:00 UTC, access until 90 days later, 30 May 17:00 UTC)', () => {
  const at = (startedAt: string): PurchaseEvent => ({ type: 'CheckoutStarted', data: { ...checkout, startedAt } });
  it('is recorded for a price of the product while it is on sale', () =>
    given([]).when(startAt('2026-02-01T10:00:00.000Z')).then([at('2026-02-01T10:00:00.000Z')]));
  it('refuses a price that belongs to another product', () =>
    given([]).when(startAt('2026-02-01T10:00:00.000Z', { priceId: 'price_of_another' })).thenThrows('unknown-price'));
  it('is still on sale in the last second of the access window', () =>
    given([]).when(startAt('2026-05-30T16:59:59.000Z')).then([at('2026-05-30T16:59:59.000Z')]));
  it('is no longer on sale once the access window has ended, nor the day after', () => {
    given([]).when(startAt('2026-05-30T17:00:00.000Z')).thenThrows('not-on-sale');
    given([]).when(startAt('2026-05-31T12:00:00.000Z')).thenThrows('not-on-sale');
  });
  it('is not on sale while the admin has the product unpublished, and is again once published', () => {
    const unpublished: PurchaseCommand = { ...startAt('2026-02-01T10:00:00.000Z'), sale: { ...sale, published: false } } as PurchaseCommand;
    given([]).when(unpublished).thenThrows('not-on-sale');
    given([]).when(startAt('2026-02-01T10:00:00.000Z')).then([at('2026-02-01T10:00:00.000Z')]);
  });
  it('refuses a buyer who already owns the product through another purchase', () =>
    given([]).when(startAt('2026-02-01T10:00:00.000Z', { ownedThrough: 'p0' })).thenThrows('already-owned'));
  it('cannot start twice', () => given([started]).when(startAt('2026-02-01T10:00:00.000Z')).thenThrows('checkout-exists'));
});

describe.each(['confirmation', 'refund'] as const)('%s mail texts', (kind) => {
  it('exist in both languages with the same placeholders', async () => {
    const { confirmationTexts, refundTexts } = await import('../../../modules/purchases/index.ts');
    const texts: { pl: Record<string, string>; en: Record<string, string> } = kind === 'confirmation' ? confirmationTexts : refundTexts;
    expect(Object.keys(texts.en).sort()).toEqual(Object.keys(texts.pl).sort());
    const vars = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(texts.pl)) expect(vars(texts.en[key]!), key).toEqual(vars(texts.pl[key]!));
  });
});
