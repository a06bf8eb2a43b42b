import { describe, expect, it } from 'vitest';
import { purchaseDecider, type PurchaseCommand, type PurchaseEvent } from '../../../modules/purchases/purchase.ts';
import type { RequestRefund } from '../../../modules/purchases/refund.ts';
import { deciderSpec } from '../../../modules/shared/kernel/spec.ts';

const at = '2026-02-02T10:00:00.000Z';
const payment = { purchaseId: 'p1', userId: 'u1', productKey: 'k1', currency: 'PLN' as const, amountMinor: 29_900, provider: 'stripe' as const,
  providerSessionId: 'cs_1', paymentIntentId: 'pi_1', paidAt: '2026-02-01T10:05:00.000Z' };
const completed: PurchaseEvent = { type: 'PurchaseCompleted', data: { ...payment, accessUntil: '2026-05-30T16:00:00.000Z' } };
const admin = { kind: 'admin' as const, userId: 'a1' };
const ask = (refundId: string, amountMinor: number, more: Partial<RequestRefund> = {}): RequestRefund =>
  ({ type: 'RequestRefund', purchaseId: 'p1', refundId, amountMinor, reason: 'cancelled', requestedBy: admin, revokeAccess: false, at, ...more });
const requested = (refundId: string, amountMinor: number, more: Partial<Extract<PurchaseEvent, { type: 'RefundRequested' }>['data']> = {}): PurchaseEvent =>
  ({ type: 'RefundRequested', data: { purchaseId: 'p1', userId: 'u1', productKey: 'k1', refundId, amountMinor, currency: 'PLN', reason: 'cancelled', requestedBy: admin, revokeAccess: false, at, ...more } });
const done = (refundId: string, providerRefundId: string, amountMinor: number): PurchaseEvent =>
  ({ type: 'RefundCompleted', data: { purchaseId: 'p1', userId: 'u1', productKey: 'k1', refundId, providerRefundId, amountMinor, currency: 'PLN', at } });
const accessEnded = (cause: 'refund' | 'withdrawal' = 'refund'): PurchaseEvent => ({ type: 'PurchaseAccessEnded', data: { purchaseId: 'p1', userId: 'u1', productKey: 'k1', cause, at } });
const fromProvider = (providerRefundId: string, amountMinor: number, refundId: string | null = null): PurchaseCommand =>
  ({ type: 'CompleteRefund', purchaseId: 'p1', refundId, providerRefundId, amountMinor, currency: 'PLN', at });
const { given } = deciderSpec(purchaseDecider);

describe('a refund asked of a paid purchase', () => {
  it('is requested, and a partial one leaves access as it is', () => given([completed]).when(ask('r1', 10_000)).then([requested('r1', 10_000)]));
  it('ends access at once when it gives everything back', () =>
    given([completed]).when(ask('r1', 29_900)).then([requested('r1', 29_900), accessEnded()]));
  it('ends access with a partial amount when the admin says so', () =>
    given([completed]).when(ask('r1', 5_000, { revokeAccess: true })).then([requested('r1', 5_000, { revokeAccess: true }), accessEnded()]));
  it('ends access for a withdrawal, naming it the cause', () =>
    given([completed]).when(ask('w1', 20_000, { requestedBy: { kind: 'withdrawal' }, reason: '', revokeAccess: true }))
      .then([requested('w1', 20_000, { requestedBy: { kind: 'withdrawal' }, reason: '', revokeAccess: true }), accessEnded('withdrawal')]));
  it('ends access once the partial refunds add up to the whole payment', () =>
    given([completed, requested('r1', 10_000)]).when(ask('r2', 19_900)).then([requested('r2', 19_900), accessEnded()]));
  it('is recorded once under repeated requests with the same id', () => given([completed, requested('r1', 10_000)]).when(ask('r1', 10_000)).thenNothing());
  it('is completed at once when the provider needs no call (the dev checkout)', () =>
    given([completed]).when(ask('r1', 10_000, { settled: { providerRefundId: 'dev_r1' } })).then([requested('r1', 10_000), done('r1', 'dev_r1', 10_000)]));
});

describe('a refund refused', () => {
  it('above what was paid', () => given([completed]).when(ask('r1', 29_901)).thenThrows('refund-exceeds-paid', { leftMinor: 29_900 }));
  it('above what is left after earlier refunds', () =>
    given([completed, requested('r1', 20_000)]).when(ask('r2', 10_000)).thenThrows('refund-exceeds-paid', { leftMinor: 9_900 }));
  it('a second full refund, with a code of its own', () =>
    given([completed, requested('r1', 29_900), accessEnded()]).when(ask('r2', 29_900)).thenThrows('refund-already-full'));
  it('of nothing, a negative or a fractional amount', () => {
    for (const amount of [0, -100, 12.5]) given([completed]).when(ask('r1', amount)).thenThrows('refund-invalid-amount');
  });
  it('from the admin without a reason', () => given([completed]).when(ask('r1', 100, { reason: '  ' })).thenThrows('refund-reason-missing'));
  it('of a grant by hand', () => {
    const granted: PurchaseEvent = { type: 'AccessGranted', data: { purchaseId: 'p1', userId: 'u1', productKey: 'k1', reason: 'bank transfer', grantedBy: 'a1', grantedAt: at, accessUntil: '2026-05-30T16:00:00.000Z' } };
    given([granted]).when(ask('r1', 100)).thenThrows('refund-not-paid');
  });
  it('of a checkout never paid', () => {
    const started: PurchaseEvent = { type: 'CheckoutStarted', data: { purchaseId: 'p1', userId: 'u1', productKey: 'k1', priceId: 'x', currency: 'PLN', amountMinor: 29_900, provider: 'stripe', providerSessionId: 'cs_1', startedAt: at } };
    given([started]).when(ask('r1', 100)).thenThrows('refund-not-paid');
  });
});

describe('a refund reported by the provider', () => {
  it('completes ours', () => given([completed, requested('r1', 10_000)]).when(fromProvider('re_1', 10_000, 'r1')).then([done('r1', 're_1', 10_000)]));
  it('records one made in its dashboard, as requested by the provider and completed', () =>
    given([completed]).when(fromProvider('re_9', 5_000)).then([
      requested('re_9', 5_000, { reason: '', requestedBy: { kind: 'provider' } }), done('re_9', 're_9', 5_000)]));
  it('ends access when the dashboard refund is full', () =>
    given([completed]).when(fromProvider('re_9', 29_900)).then([
      requested('re_9', 29_900, { reason: '', requestedBy: { kind: 'provider' } }), done('re_9', 're_9', 29_900), accessEnded()]));
  it('is recorded once however often it is reported, in any order', () => {
    given([completed, requested('r1', 10_000), done('r1', 're_1', 10_000)]).when(fromProvider('re_1', 10_000, 'r1')).thenNothing();
    given([completed, requested('r1', 10_000), done('r1', 're_1', 10_000)]).when(fromProvider('re_1', 10_000)).thenNothing();
  });
  it('is ignored for anything but a paid purchase', () => given([]).when(fromProvider('re_1', 100)).thenNothing());
});

describe('the state after refunds', () => {
  it('knows the refunded total and that access ended; playback is refused', () => {
    const state = given([completed, requested('r1', 29_900), done('r1', 're_1', 29_900)]).when(ask('r2', 1)).state;
    expect(() => state()).toThrow();
    const history = [completed, requested('r1', 29_900), done('r1', 're_1', 29_900), accessEnded()];
    given(history).when({ type: 'StartPlayback', purchaseId: 'p1', at }).thenThrows('not-paid');
    const after = given([completed, requested('r1', 10_000)]).when(fromProvider('re_1', 10_000, 'r1')).state();
    expect(after).toMatchObject({ status: 'paid', refunds: { requestedMinor: 10_000, completedMinor: 10_000, accessEndedAt: null } });
  });
});

describe('the refund notice', () => {
  it('exists in both languages with the same placeholders, and says whether access ended', async () => {
    const { refundNoticeTexts } = await import('../../../modules/purchases/index.ts');
    const { refundNoticeMail } = await import('../../../modules/purchases/refund-mail.ts');
    expect(Object.keys(refundNoticeTexts.en).sort()).toEqual(Object.keys(refundNoticeTexts.pl).sort());
    const vars = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(refundNoticeTexts.pl) as (keyof typeof refundNoticeTexts.pl)[]) {
      expect(vars(refundNoticeTexts.en[key]), key).toEqual(vars(refundNoticeTexts.pl[key]));
    }
    const input = {
      buyer: { email: 'ewa@example.com', name: 'Ewa', language: 'en' as const }, watchUrl: 'http://shop.test/watch-video/k1', siteName: 'Gestalt Online',
      product: { key: 'k1', title: { pl: 'Seminarium', en: 'Seminar' }, liveAt: new Date(), durationMinutes: 60, published: true, recordingLink: null, liveLink: null, prices: [] },
    };
    const ended = refundNoticeMail({ ...input, refund: { amountMinor: 12_345, currency: 'PLN', refundId: 'r1', accessEnded: true } });
    expect(ended.subject).toBe('Payment refunded: Seminar');
    expect(ended.text).toContain('Amount refunded: 123.45 PLN');
    expect(ended.text).toContain('Your access to the material ended with the refund.');
    const kept = refundNoticeMail({ ...input, buyer: { ...input.buyer, language: 'pl' }, refund: { amountMinor: 1_000, currency: 'PLN', refundId: 'r2', accessEnded: false } });
    expect(kept.subject).toBe('Zwrot płatności: Seminarium');
    expect(kept.text).toContain('Twój dostęp się nie zmienia: http://shop.test/watch-video/k1');
  });
});
