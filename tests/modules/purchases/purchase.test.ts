import { describe, expect, it } from 'vitest';
import { accessUntil, hasAccess, isEventOver, isOnSale } from '../../../modules/purchases/index.ts';
import { decide, evolve, initialState, type PurchaseCommand, type PurchaseEvent } from '../../../modules/purchases/purchase.ts';

const checkout = { purchaseId: 'p1', userId: 'u1', productKey: 'k1', priceId: 'price_pln', currency: 'PLN' as const, amount: 299,
  provider: 'stripe' as const, providerSessionId: 'cs_1', startedAt: '2026-02-01T10:00:00.000Z' };
const started: PurchaseEvent = { type: 'CheckoutStarted', data: checkout };
const payment = { purchaseId: 'p1', userId: 'u1', productKey: 'k1', currency: 'PLN' as const, amount: 299, provider: 'stripe' as const,
  providerSessionId: 'cs_1', paymentIntentId: 'pi_1', paidAt: '2026-02-01T10:05:00.000Z' };
const complete: PurchaseCommand = { type: 'CompletePurchase', payment, accessUntil: '2026-05-30T16:00:00.000Z' };
const completed: PurchaseEvent = { type: 'PurchaseCompleted', data: { ...payment, accessUntil: '2026-05-30T16:00:00.000Z' } };
const given = (events: PurchaseEvent[]) => ({ when: (c: PurchaseCommand) => decide(c, events.reduce(evolve, initialState())) });

describe('a purchase awaiting payment', () => {
  it('is completed by the provider\'s payment', () => expect(given([started]).when(complete)).toEqual([completed]));
  it('refuses a payment for another checkout session', () =>
    expect(() => given([started]).when({ ...complete, payment: { ...payment, providerSessionId: 'cs_other' } })).toThrow('checkout-mismatch'));
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

describe('a purchase nobody saw start', () => {
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

describe('confirmation mail texts', () => {
  it('exist in both languages with the same placeholders', async () => {
    const { confirmationTexts } = await import('../../../modules/purchases/index.ts');
    expect(Object.keys(confirmationTexts.en).sort()).toEqual(Object.keys(confirmationTexts.pl).sort());
    const vars = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(confirmationTexts.pl) as (keyof typeof confirmationTexts.pl)[]) {
      expect(vars(confirmationTexts.en[key]), key).toEqual(vars(confirmationTexts.pl[key]));
    }
  });
});
