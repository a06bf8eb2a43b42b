import { describe, expect, it } from 'vitest';
import { accessUntil, hasAccess, isEventOver, isOnSale } from '../../../modules/purchases/index.ts';
import { decideOwnership, evolveOwnership, initialOwnership, type ClaimOwnership, type OwnershipEvent } from '../../../modules/purchases/ownership.ts';
import { decide, evolve, initialState, type PurchaseCommand, type PurchaseEvent } from '../../../modules/purchases/purchase.ts';

const checkout = { purchaseId: 'p1', userId: 'u1', productKey: 'k1', priceId: 'price_pln', currency: 'PLN' as const, amount: 299,
  provider: 'stripe' as const, providerSessionId: 'cs_1', startedAt: '2026-02-01T10:00:00.000Z' };
const started: PurchaseEvent = { type: 'CheckoutStarted', data: checkout };
const payment = { purchaseId: 'p1', userId: 'u1', productKey: 'k1', currency: 'PLN' as const, amount: 299, provider: 'stripe' as const,
  providerSessionId: 'cs_1', paymentIntentId: 'pi_1', paidAt: '2026-02-01T10:05:00.000Z' };
const complete: PurchaseCommand = { type: 'CompletePurchase', payment, accessUntil: '2026-05-30T16:00:00.000Z', ownedThrough: null };
const completed: PurchaseEvent = { type: 'PurchaseCompleted', data: { ...payment, accessUntil: '2026-05-30T16:00:00.000Z' } };
const expireFor = (supersededBy: string): PurchaseCommand => ({ type: 'ExpireCheckout', purchaseId: 'p1', supersededBy, at: '2026-02-01T10:07:00.000Z' });
const expired: PurchaseEvent = { type: 'CheckoutExpired', data: { purchaseId: 'p1', providerSessionId: 'cs_1', supersededBy: 'p2', expiredAt: '2026-02-01T10:07:00.000Z' } };
const paidTwice: PurchaseCommand = { type: 'CompletePurchase', payment, accessUntil: '2026-05-30T16:00:00.000Z', ownedThrough: 'p0' };
const duplicate: PurchaseEvent = { type: 'DuplicatePaymentReceived', data: { ...payment, ownedThrough: 'p0' } };
const refundOf: PurchaseCommand = { type: 'RecordRefund', purchaseId: 'p1', refund: { amount: 299, currency: 'PLN', providerRefundId: 're_1' }, at: '2026-02-01T10:06:00.000Z' };
const refunded: PurchaseEvent = { type: 'DuplicatePaymentRefunded', data: { purchaseId: 'p1', amount: 299, currency: 'PLN', provider: 'stripe', providerRefundId: 're_1', refundedAt: '2026-02-01T10:06:00.000Z' } };
const given = (events: PurchaseEvent[]) => ({ when: (c: PurchaseCommand) => decide(c, events.reduce(evolve, initialState())) });

describe('a purchase awaiting payment', () => {
  it('is completed by the provider\'s payment', () => expect(given([started]).when(complete)).toEqual([completed]));
  it('refuses a payment for another checkout session', () =>
    expect(() => given([started]).when({ type: 'CompletePurchase', payment: { ...payment, providerSessionId: 'cs_other' }, accessUntil: 'x', ownedThrough: null })).toThrow('checkout-mismatch'));
  it('is expired when the buyer starts a newer checkout for the same product', () =>
    expect(given([started]).when(expireFor('p2'))).toEqual([expired]));
  it('owes the money back when the buyer already owns the product through another purchase', () =>
    expect(given([started]).when(paidTwice)).toEqual([duplicate]));
  it('is owned when the only owner is this very purchase (a claim that raced its own retry)', () =>
    expect(given([started]).when({ ...paidTwice, ownedThrough: 'p1' })).toEqual([completed]));
  it('has no refund to record', () => expect(() => given([started]).when(refundOf)).toThrow('no-refund-due'));
  it('cannot be played', () => expect(() => given([started]).when({ type: 'StartPlayback', purchaseId: 'p1', at: 'x' })).toThrow('not-paid'));
});

describe('a paid purchase', () => {
  it('ignores a repeated payment report', () => expect(given([started, completed]).when(complete)).toEqual([]));
  it('records the first playback once', () => {
    const play: PurchaseCommand = { type: 'StartPlayback', purchaseId: 'p1', at: '2026-03-01T00:00:00.000Z' };
    expect(given([started, completed]).when(play)).toEqual([{ type: 'PlaybackStarted', data: { purchaseId: 'p1', startedAt: play.at } }]);
    expect(given([started, completed, { type: 'PlaybackStarted', data: { purchaseId: 'p1', startedAt: play.at } }]).when(play)).toEqual([]);
  });
});

describe('an expired checkout', () => {
  it('is not expired a second time', () => expect(given([started, expired]).when(expireFor('p3'))).toEqual([]));
  it('still counts a payment made in the instant before it closed, so money taken is never lost', () =>
    expect(given([started, expired]).when(complete)).toEqual([completed]));
  it('turns such a payment into a refund when the product is owned through the newer purchase', () =>
    expect(given([started, expired]).when(paidTwice)).toEqual([duplicate]));
  it('cannot be played', () => expect(() => given([started, expired]).when({ type: 'StartPlayback', purchaseId: 'p1', at: 'x' })).toThrow('not-paid'));
});

describe('a checkout already paid when a newer one starts', () => {
  it('is not expired: the payment stands', () => expect(given([started, completed]).when(expireFor('p2'))).toEqual([]));
  it('is not expired when it was a duplicate either', () => expect(given([started, duplicate]).when(expireFor('p2'))).toEqual([]));
});

describe('a duplicate payment', () => {
  it('records the provider\'s refund once', () => {
    expect(given([started, duplicate]).when(refundOf)).toEqual([refunded]);
    expect(given([started, duplicate, refunded]).when(refundOf)).toEqual([]);
  });
  it('ignores a repeated payment report, before and after the refund', () => {
    expect(given([started, duplicate]).when(paidTwice)).toEqual([]);
    expect(given([started, duplicate, refunded]).when(paidTwice)).toEqual([]);
  });
  it('gives no access and cannot be played', () =>
    expect(() => given([started, duplicate, refunded]).when({ type: 'StartPlayback', purchaseId: 'p1', at: 'x' })).toThrow('not-paid'));
  it('is never expired', () => expect(given([started, duplicate, refunded]).when(expireFor('p2'))).toEqual([]));
});

describe('a paid purchase and refunds', () => {
  it('has no refund to record', () => expect(() => given([started, completed]).when(refundOf)).toThrow('no-refund-due'));
});

describe('ownership of a product by one buyer', () => {
  const claim = (purchaseId: string): ClaimOwnership => ({ type: 'ClaimOwnership', userId: 'u1', productKey: 'k1', purchaseId, at: '2026-02-01T10:05:00.000Z' });
  const claimed = (purchaseId: string): OwnershipEvent => ({ type: 'OwnershipClaimed', data: { userId: 'u1', productKey: 'k1', purchaseId, claimedAt: '2026-02-01T10:05:00.000Z' } });
  const owning = (events: OwnershipEvent[]) => ({ when: (c: ClaimOwnership) => decideOwnership(c, events.reduce(evolveOwnership, initialOwnership())) });
  it('goes to the first paid purchase', () => expect(owning([]).when(claim('p1'))).toEqual([claimed('p1')]));
  it('is not claimed again by the same purchase', () => expect(owning([claimed('p1')]).when(claim('p1'))).toEqual([]));
  it('is never given to a second purchase', () => expect(() => owning([claimed('p1')]).when(claim('p2'))).toThrow('owned-through-another-purchase'));
});

describe('a purchase nobody saw start', () => {
  it('is a refund when the product is already owned', () => expect(given([]).when(paidTwice)).toEqual([duplicate]));
  it('has no open checkout to expire', () => expect(() => given([]).when(expireFor('p2'))).toThrow('no-open-checkout'));
  it('is still recorded when the provider reports it paid, so no paid purchase is lost', () => expect(given([]).when(complete)).toEqual([completed]));
  it('cannot start twice', () => expect(() => given([started]).when({ type: 'StartCheckout', checkout })).toThrow('checkout-exists'));
});

describe('access window', () => {
  const live = new Date('2026-03-01T17:00:00Z');
  it('lasts until 90 days after the live date', () => expect(accessUntil(live).toISOString()).toBe('2026-05-30T17:00:00.000Z'));
  it('is open from payment until then', () => {
    const p = { paidAt: new Date('2026-02-01T00:00:00Z'), accessUntil: accessUntil(live) };
    expect(hasAccess(p, new Date('2026-01-31T00:00:00Z'))).toBe(false);
    expect(hasAccess(p, new Date('2026-03-10T00:00:00Z'))).toBe(true);
    expect(hasAccess(p, new Date('2026-05-30T17:00:00Z'))).toBe(false);
    expect(hasAccess({ paidAt: null, accessUntil: null }, new Date('2026-03-10T00:00:00Z'))).toBe(false);
  });
  it('turns the event page over 24 hours after the start', () => {
    expect(isEventOver(live, new Date('2026-03-02T16:59:59Z'))).toBe(false);
    expect(isEventOver(live, new Date('2026-03-02T17:00:00Z'))).toBe(true);
  });
  it('stops selling once no access would remain', () => {
    expect(isOnSale(live, new Date('2026-05-30T16:59:59Z'))).toBe(true);
    expect(isOnSale(live, new Date('2026-05-30T17:00:00Z'))).toBe(false);
  });
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
