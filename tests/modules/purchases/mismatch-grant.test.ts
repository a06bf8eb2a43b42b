import { describe, expect, it } from 'vitest';
import { attendeeTotals } from '../../../modules/purchases/attendees.ts';
import type { AccessGranted, AccessRevoked } from '../../../modules/purchases/grant.ts';
import { ownershipDecider, type OwnershipEvent } from '../../../modules/purchases/ownership.ts';
import { purchaseDecider, type CompletePurchase, type PurchaseCommand, type PurchaseEvent } from '../../../modules/purchases/purchase.ts';
import { upcast } from '../../../modules/shared/events/index.ts';
import { deciderSpec } from '../../../modules/shared/kernel/spec.ts';

const { given } = deciderSpec(purchaseDecider);
const checkout = { purchaseId: 'p1', userId: 'u1', productKey: 'k1', priceId: 'k1-pln', currency: 'PLN' as const, amountMinor: 239_000,
  provider: 'stripe' as const, providerSessionId: 'cs_1', startedAt: '2026-02-01T10:00:00.000Z' };
const started: PurchaseEvent = { type: 'CheckoutStarted', data: checkout };
const payment = { purchaseId: 'p1', userId: 'u1', productKey: 'k1', currency: 'PLN' as const, amountMinor: 239_000, provider: 'stripe' as const,
  providerSessionId: 'cs_1', paymentIntentId: 'pi_1', paidAt: '2026-02-01T10:05:00.000Z' };
const complete: CompletePurchase = { type: 'CompletePurchase', payment, catalogueAsks: { amountMinor: 239_000, currency: 'PLN' },
  accessUntil: '2026-05-30T16:00:00.000Z', ownedThrough: null };
const paying = (amountMinor: number, currency: 'PLN' | 'EUR' = 'PLN'): CompletePurchase =>
  ({ ...complete, payment: { ...payment, amountMinor, currency } });
const mismatch = (amountMinor: number, currency: 'PLN' | 'EUR', asked: { amountMinor: number; currency: 'PLN' | 'EUR' } | null): PurchaseEvent =>
  ({ type: 'PaymentMismatchReceived', data: { ...paying(amountMinor, currency).payment, asked } });

describe('a payment of another sum than the checkout asked', () => {
  it('is recorded as a mismatch, never as a purchase, when the amount differs (the old Price of 2290 PLN)', () =>
    given([started]).when(paying(229_000)).then([mismatch(229_000, 'PLN', { amountMinor: 239_000, currency: 'PLN' })]));
  it('is a mismatch when only the currency differs', () =>
    given([started]).when(paying(239_000, 'EUR')).then([mismatch(239_000, 'EUR', { amountMinor: 239_000, currency: 'PLN' })]));
  it('is a mismatch by a single grosz', () =>
    given([started]).when(paying(238_999)).then([mismatch(238_999, 'PLN', { amountMinor: 239_000, currency: 'PLN' })]));
  it('is judged against the checkout, not the catalogue of today (a price edited after the checkout started)', () =>
    given([started]).when({ ...complete, catalogueAsks: { amountMinor: 249_000, currency: 'PLN' } }).then([
      { type: 'PurchaseCompleted', data: { ...payment, accessUntil: complete.accessUntil } }]));
  it('is judged against a checkout older than issue 21 by its whole-unit amount, upcast as the log is read', () => {
    const { amountMinor: _minor, ...rest } = checkout;
    const older = upcast('CheckoutStarted', { ...rest, amount: 2390 }) as typeof checkout;
    expect(older.amountMinor).toBe(239_000);
    given([{ type: 'CheckoutStarted', data: older }]).when(complete).then([{ type: 'PurchaseCompleted', data: { ...payment, accessUntil: complete.accessUntil } }]);
    given([{ type: 'CheckoutStarted', data: older }]).when(paying(1)).then([mismatch(1, 'PLN', { amountMinor: 239_000, currency: 'PLN' })]);
  });
  it('without our checkout record, is judged against the catalogue\'s price in the paid currency, or none', () => {
    given([]).when({ ...paying(100), catalogueAsks: { amountMinor: 239_000, currency: 'PLN' } }).then([mismatch(100, 'PLN', { amountMinor: 239_000, currency: 'PLN' })]);
    given([]).when({ ...complete, catalogueAsks: null }).then([mismatch(239_000, 'PLN', null)]);
  });
  it('is recorded once, however often it is reported, and is never expired, played or turned into a purchase', () => {
    const recorded = mismatch(229_000, 'PLN', { amountMinor: 239_000, currency: 'PLN' });
    given([started, recorded]).when(paying(229_000)).thenNothing();
    given([started, recorded]).when(complete).thenNothing();
    given([started, recorded]).when({ type: 'ExpireCheckout', purchaseId: 'p1', supersededBy: 'p2', at: 'x' }).thenNothing();
    given([started, recorded]).when({ type: 'StartPlayback', purchaseId: 'p1', at: 'x' }).thenThrows('not-paid');
  });
});

const grant: AccessGranted['data'] = { purchaseId: 'g1', userId: 'u1', productKey: 'k1', reason: 'przelew bankowy', grantedBy: 'admin',
  grantedAt: '2026-02-01T10:00:00.000Z', accessUntil: '2026-05-30T16:00:00.000Z' };
const granted: PurchaseEvent = { type: 'AccessGranted', data: grant };
const revoke: PurchaseCommand = { type: 'RevokeAccess', purchaseId: 'g1', revokedBy: 'admin', at: '2026-02-02T10:00:00.000Z' };
const revoked: AccessRevoked = { type: 'AccessRevoked', data: { purchaseId: 'g1', userId: 'u1', productKey: 'k1', revokedBy: 'admin', revokedAt: revoke.at } };

describe('access granted by hand', () => {
  it('is recorded with its reason for a user who does not own the product', () =>
    given([]).when({ type: 'GrantAccess', grant, ownedThrough: null }).then([granted]));
  it('needs a reason', () => given([]).when({ type: 'GrantAccess', grant: { ...grant, reason: '  ' }, ownedThrough: null }).thenThrows('grant-reason-missing'));
  it('is refused for a user who owns the product already (paid, or granted before)', () =>
    given([]).when({ type: 'GrantAccess', grant, ownedThrough: 'p0' }).thenThrows('already-owned'));
  it('is recorded once per stream', () => given([granted]).when({ type: 'GrantAccess', grant, ownedThrough: null }).thenThrows('grant-exists'));
  it('may be played like a purchase', () =>
    given([granted]).when({ type: 'StartPlayback', purchaseId: 'g1', at: 'x' }).then([{ type: 'PlaybackStarted', data: { purchaseId: 'g1', startedAt: 'x' } }]));
  it('is revoked once, naming its user, and a revoked grant cannot be played', () => {
    given([granted]).when(revoke).then([revoked]);
    given([granted, revoked]).when(revoke).thenNothing();
    given([granted, revoked]).when({ type: 'StartPlayback', purchaseId: 'g1', at: 'x' }).thenThrows('not-paid');
  });
  it('is the only thing revoked: a card payment, a checkout or nothing is not a grant', () => {
    given([]).when(revoke).thenThrows('grant-not-found');
    given([started]).when(revoke).thenThrows('grant-not-found');
    given([started, { type: 'PurchaseCompleted', data: { ...payment, accessUntil: 'x' } }]).when(revoke).thenThrows('grant-not-found');
  });
  it('concerns its user, so their remembered purchases and pages drop at once', () => {
    expect(purchaseDecider.concerns.AccessGranted(granted as AccessGranted, { status: 'granted', grant, playbackStartedAt: null })).toEqual(['u1']);
    expect(purchaseDecider.concerns.AccessRevoked(revoked, { status: 'revoked', grant, revocation: revoked.data })).toEqual(['u1']);
  });
});

describe('ownership through a grant', () => {
  const owning = deciderSpec(ownershipDecider);
  const claimed: OwnershipEvent = { type: 'OwnershipClaimed', data: { userId: 'u1', productKey: 'k1', purchaseId: 'g1', claimedAt: 'a' } };
  const release = (purchaseId: string) => ({ type: 'ReleaseOwnership' as const, userId: 'u1', productKey: 'k1', purchaseId, at: 'b' });
  const released: OwnershipEvent = { type: 'OwnershipReleased', data: { userId: 'u1', productKey: 'k1', purchaseId: 'g1', releasedAt: 'b' } };
  it('is released by the revoked grant, and then may be claimed by a payment', () => {
    owning.given([claimed]).when(release('g1')).then([released]);
    owning.given([claimed, released]).when({ type: 'ClaimOwnership', userId: 'u1', productKey: 'k1', purchaseId: 'p9', at: 'c' })
      .then([{ type: 'OwnershipClaimed', data: { userId: 'u1', productKey: 'k1', purchaseId: 'p9', claimedAt: 'c' } }]);
  });
  it('is not released by a purchase that does not own it', () => owning.given([claimed]).when(release('p2')).thenNothing());
});

describe('the attendee list\'s totals', () => {
  it('sum card payments and refunds per currency apart, count grants on their own, and leave mismatches out', () => {
    expect(attendeeTotals([
      { state: 'paid', amount: 2390, currency: 'PLN' }, { state: 'paid', amount: 2290, currency: 'PLN' }, { state: 'paid', amount: 540, currency: 'EUR' },
      { state: 'granted', amount: 0, currency: 'PLN' }, { state: 'granted', amount: 0, currency: 'PLN' },
      { state: 'refunded', amount: 2390, currency: 'PLN' }, { state: 'refundDue', amount: 2390, currency: 'PLN' }, { state: 'mismatch', amount: 22, currency: 'PLN' },
    ])).toEqual({
      paid: [{ currency: 'EUR', count: 1, amount: 540 }, { currency: 'PLN', count: 2, amount: 4680 }],
      refunded: [{ currency: 'PLN', count: 1, amount: 2390 }],
      granted: 2,
    });
  });
  it('are empty for an event nobody has bought', () => expect(attendeeTotals([])).toEqual({ paid: [], refunded: [], granted: 0 }));
});
