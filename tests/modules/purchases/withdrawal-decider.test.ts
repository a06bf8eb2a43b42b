import { describe, expect, it } from 'vitest';
import { evolve, initialState, purchaseDecider, type PurchaseEvent } from '../../../modules/purchases/purchase.ts';
import type { Withdraw } from '../../../modules/purchases/withdrawal.ts';
import { deciderSpec } from '../../../modules/shared/kernel/spec.ts';

/** The Withdraw decision on the purchase stream, given/when/then, without a database. */
const spec = deciderSpec(purchaseDecider);
const paid: PurchaseEvent = { type: 'PurchaseCompleted', data: { purchaseId: 'p1', userId: 'u1', productKey: 'k1', currency: 'EUR', amountMinor: 6_800,
  provider: 'stripe', providerSessionId: 'cs_1', paymentIntentId: 'pi_1', paidAt: '2026-03-20T09:00:00.000Z', accessUntil: '2026-06-01T00:00:00.000Z' } };
const played: PurchaseEvent = { type: 'PlaybackStarted', data: { purchaseId: 'p1', startedAt: '2026-03-21T09:00:00.000Z' } };
/** A recording of an event long over. */
const recording = { startsAt: '2026-01-05T17:00:00.000Z', days: 1, dailyEnd: '21:00', recordingAvailable: true };
const withdraw = (over: Partial<Withdraw> = {}): Withdraw =>
  ({ type: 'Withdraw', purchaseId: 'p1', via: 'link', product: recording, consents: [], refundId: 'r1', at: '2026-03-22T10:00:00.000Z', ...over });
const at = '2026-03-22T10:00:00.000Z';
const withdrawn: PurchaseEvent[] = [
  { type: 'WithdrawalReceived', data: { purchaseId: 'p1', statement: { buyer: 'u1', purchase: 'k1' }, receivedAt: at, via: 'link', proRataMinor: 0, refundMinor: 6_800, currency: 'EUR' } },
  { type: 'RefundRequested', data: { purchaseId: 'p1', userId: 'u1', productKey: 'k1', refundId: 'r1', amountMinor: 6_800, currency: 'EUR', reason: '', requestedBy: { kind: 'withdrawal' }, revokeAccess: true, at } },
  { type: 'PurchaseAccessEnded', data: { purchaseId: 'p1', userId: 'u1', productKey: 'k1', cause: 'withdrawal', at } },
];

describe('Withdraw', () => {
  it('given a paid recording played without the consent, then the statement, the full refund and the end of access are recorded together', () => {
    spec.given([paid, played]).when(withdraw()).then(withdrawn);
    expect(spec.given([paid]).when(withdraw()).state()).toMatchObject({ status: 'paid', withdrawal: { via: 'link' }, refunds: { requestedMinor: 6_800, accessEndedAt: at } });
  });

  it('given the consent to receive the recording early and playback started, then the right has ended', () => {
    spec.given([paid, played]).when(withdraw({ consents: ['recordingEarly'] })).thenThrows('withdrawal-right-ended', { ended: 'recording-opened' });
    spec.given([paid]).when(withdraw({ consents: ['recordingEarly'] })).then(withdrawn);
  });

  it('given a withdrawal or a refund already on the stream, then a second one is refused', () => {
    spec.given([paid, ...withdrawn]).when(withdraw()).thenThrows('withdrawal-exists');
    spec.given([paid, { ...withdrawn[1]!, data: { ...withdrawn[1]!.data, requestedBy: { kind: 'admin', userId: 'a1' } } } as PurchaseEvent])
      .when(withdraw()).thenThrows('withdrawal-refunded');
  });

  it('given the end of the 14th day has passed, then the period is over; given no payment or a grant, then there is nothing to withdraw from', () => {
    spec.given([paid]).when(withdraw({ at: '2026-04-03T22:00:00.000Z' })).thenThrows('withdrawal-period-over');
    spec.given([]).when(withdraw()).thenThrows('not-paid');
    spec.given([{ type: 'AccessGranted', data: { purchaseId: 'p1', userId: 'u1', productKey: 'k1', reason: 'x', grantedBy: 'a1', grantedAt: at, accessUntil: at } }])
      .when(withdraw()).thenThrows('withdrawal-not-purchase');
  });

  it('given the dev checkout (settled at once), then the refund is completed in the same decision', () => {
    spec.given([paid]).when(withdraw({ settled: { providerRefundId: 'dev_refund_r1' } })).then([withdrawn[0]!, withdrawn[1]!,
      { type: 'RefundCompleted', data: { purchaseId: 'p1', userId: 'u1', productKey: 'k1', refundId: 'r1', providerRefundId: 'dev_refund_r1', amountMinor: 6_800, currency: 'EUR', at } },
      withdrawn[2]!]);
  });

  it('given consents at checkout, then the paid state knows them for the withdrawal rules (none recorded: none given)', () => {
    const checkout: PurchaseEvent = { type: 'CheckoutStarted', data: { purchaseId: 'p1', userId: 'u1', productKey: 'k1', priceId: 'k1-eur', currency: 'EUR',
      amountMinor: 6_800, provider: 'stripe', providerSessionId: 'cs_1', startedAt: '2026-03-20T08:59:00.000Z' } };
    const consent: PurchaseEvent = { type: 'ConsentGiven', data: { purchaseId: 'p1', kind: 'recordingEarly', text: 'Zgadzam się…', lang: 'pl', version: 'v1',
      hash: 'h', legalBasis: 'Art. 38 ust. 1 pkt 13', at: '2026-03-20T08:59:00.000Z' } };
    expect([checkout, consent, paid].reduce(evolve, initialState())).toMatchObject({ status: 'paid', consents: ['recordingEarly'] });
    expect([checkout, paid].reduce(evolve, initialState())).toMatchObject({ status: 'paid', consents: [] });
  });
});
