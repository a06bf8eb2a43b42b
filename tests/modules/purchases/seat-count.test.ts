import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../modules/shared/kernel/spec.ts';
import { counts, type SeatEvent } from '../../../modules/purchases/seats.ts';
import { seatsDecider, withSalesCounted } from '../../../modules/purchases/seats-decider.ts';

// The seats stream counts payments as they happen only while the product has a capacity; the access given while it
// had none, and the admin's grants and revocations, are counted before the next decision (CountSales).
const spec = deciderSpec(seatsDecider);
const productKey = 'trening';
const T0 = '2026-09-01T10:00:00.000Z';
const T1 = '2026-09-02T10:00:00.000Z';
const taken = (purchaseId: string, userId: string): SeatEvent =>
  ({ type: 'SeatTaken', data: { productKey, purchaseId, userId, at: T0, late: false } });
const joined = (userId: string): SeatEvent => ({ type: 'WaitlistJoined', data: { productKey, userId, at: T0 } });
const offered = (offerId: string, userId: string): SeatEvent =>
  ({ type: 'SeatOffered', data: { productKey, offerId, userId, at: T0, expiresAt: '2026-09-03T10:00:00.000Z' } });
const count = (...sales: [string, string][]) =>
  ({ type: 'CountSales' as const, productKey, at: T1, sales: sales.map(([purchaseId, userId]) => ({ purchaseId, userId })) });
const adopted = (purchaseId: string, userId: string): SeatEvent =>
  ({ type: 'SeatTaken', data: { productKey, purchaseId, userId, at: T1, late: false, adopted: true } });

describe('counting the access a product gives (sales made, granted or ended while nobody counted seats)', () => {
  it('given an empty stream and two sales made before the product had a capacity, when counted, then each takes a seat', () => {
    spec.given([]).when(count(['p1', 'u1'], ['p2', 'u2'])).then([adopted('p1', 'u1'), adopted('p2', 'u2')]);
  });

  it('given a seat taken, when the capacity was removed, a sale made and the capacity set again, then only the new sale is counted', () => {
    spec.given([taken('p1', 'u1')]).when(count(['p1', 'u1'], ['p2', 'u2'])).then([adopted('p2', 'u2')]);
  });

  it('given a seat taken whose access ended while nobody counted (a revoked grant, a refund without a capacity), then it is freed as ended', () => {
    spec.given([taken('p1', 'u1'), taken('p2', 'u2')]).when(count(['p1', 'u1'])).then([
      { type: 'SeatReleased', data: { productKey, purchaseId: 'p2', userId: 'u2', at: T1, reason: 'ended', was: 'taken' } },
    ]);
  });

  it('given every sale counted, when counted again, then nothing is recorded', () => {
    spec.given([taken('p1', 'u1')]).when(count(['p1', 'u1'])).thenNothing();
  });

  it('given a person on the list, when the admin grants them the product, then their seat is counted and they leave the list as bought', () => {
    spec.given([taken('p1', 'u1'), joined('u2')]).when(count(['p1', 'u1'], ['g2', 'u2'])).then([
      adopted('g2', 'u2'),
      { type: 'WaitlistLeft', data: { productKey, userId: 'u2', at: T1, reason: 'bought' } },
    ]);
  });

  it('given a person holding an offer, when the admin grants them the product, then the offer ends accepted', () => {
    spec.given([joined('u2'), offered('1', 'u2')]).when(count(['g2', 'u2'])).then([
      adopted('g2', 'u2'),
      { type: 'OfferEnded', data: { productKey, offerId: '1', userId: 'u2', at: T1, reason: 'accepted' } },
    ]);
  });

  it('a page counts the same before the next decision records it: a grant over the capacity shows every seat sold', () => {
    const state = [taken('p1', 'u1'), taken('p2', 'u2')].reduce(seatsDecider.evolve, seatsDecider.initialState());
    const shown = withSalesCounted(state, productKey, [{ purchaseId: 'p1', userId: 'u1' }, { purchaseId: 'p2', userId: 'u2' }, { purchaseId: 'g3', userId: 'u3' }], T1);
    expect(counts(shown, T1)).toEqual({ sold: 3, held: 0 });
    expect(counts(state, T1)).toEqual({ sold: 2, held: 0 });
  });
});
