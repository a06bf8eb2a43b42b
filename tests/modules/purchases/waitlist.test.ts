import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../modules/shared/kernel/spec.ts';
import { offerExpiry, seatsDecider } from '../../../modules/purchases/seats-decider.ts';
import { seatFor, type SeatEvent, type SeatPolicy } from '../../../modules/purchases/seats.ts';

const spec = deciderSpec(seatsDecider);
const productKey = 'trening';
// The first session: 23 September 2026, 09:00 in Warsaw (07:00Z).
const FIRST = '2026-09-23T07:00:00.000Z';
const policy: SeatPolicy = { capacity: 1, offerMinutes: 24 * 60, firstStart: FIRST };
const T0 = '2026-09-01T10:00:00.000Z';
const DAY_LATER = '2026-09-02T10:00:00.000Z';

const taken = (purchaseId: string, userId: string): SeatEvent => ({ type: 'SeatTaken', data: { productKey, purchaseId, userId, at: T0, late: false } });
const joined = (userId: string, at = T0): SeatEvent => ({ type: 'WaitlistJoined', data: { productKey, userId, at } });
const offered = (offerId: string, userId: string, at = T0, expiresAt = DAY_LATER): SeatEvent =>
  ({ type: 'SeatOffered', data: { productKey, offerId, userId, at, expiresAt } });
const ended = (offerId: string, userId: string, at: string, reason: 'accepted' | 'declined' | 'expired' | 'closed'): SeatEvent =>
  ({ type: 'OfferEnded', data: { productKey, offerId, userId, at, reason } });
const refund = (at = T0) => ({ type: 'ReleaseSeat' as const, productKey, purchaseId: 'pA', reason: 'refund' as const, at, policy });

describe('the waiting list of a training with one seat', () => {
  it('given the seat sold, when B joins, then B is on the list and no offer goes out', () => {
    spec.given([taken('pA', 'A')]).when({ type: 'JoinWaitlist', productKey, userId: 'B', at: T0, policy }).then([joined('B')]);
  });

  it('given a free seat and nobody waiting, when B asks to join, then it is refused: the seat can be bought', () => {
    spec.given([]).when({ type: 'JoinWaitlist', productKey, userId: 'B', at: T0, policy }).thenThrows('waitlist-seats-free');
  });

  it('given B on the list, when B joins again, then it is refused', () => {
    spec.given([taken('pA', 'A'), joined('B')]).when({ type: 'JoinWaitlist', productKey, userId: 'B', at: T0, policy }).thenThrows('waitlist-already');
  });

  it('given the first session started (its very instant), when C asks to join, then the list is closed', () => {
    spec.given([taken('pA', 'A')]).when({ type: 'JoinWaitlist', productKey, userId: 'C', at: FIRST, policy }).thenThrows('waitlist-closed');
  });

  it('given B then C waiting, when A is refunded, then the seat is freed and offered to B for 24 hours in the same decision', () => {
    spec.given([taken('pA', 'A'), joined('B'), joined('C')]).when(refund()).then([
      { type: 'SeatReleased', data: { productKey, purchaseId: 'pA', userId: 'A', at: T0, reason: 'refund', was: 'taken' } },
      offered('1', 'B'),
    ]);
  });

  it('given B holding the offer, when a stranger checks out, then it is refused sold-out (the seat is B\'s)', () => {
    spec.given([taken('pA', 'A'), joined('B'), { type: 'SeatReleased', data: { productKey, purchaseId: 'pA', userId: 'A', at: T0, reason: 'refund', was: 'taken' } }, offered('1', 'B')])
      .when({ type: 'HoldSeat', productKey, purchaseId: 'pX', userId: 'X', capacity: 1, at: T0, expiresAt: '2026-09-01T10:31:00.000Z', policy }).thenThrows('sold-out');
  });

  const freedAndOffered: SeatEvent[] = [taken('pA', 'A'), joined('B'), joined('C'),
    { type: 'SeatReleased', data: { productKey, purchaseId: 'pA', userId: 'A', at: T0, reason: 'refund', was: 'taken' } }, offered('1', 'B')];

  it('given B holding the offer, when B checks out, then B\'s checkout holds the seat the offer kept', () => {
    spec.given(freedAndOffered).when({ type: 'HoldSeat', productKey, purchaseId: 'pB', userId: 'B', capacity: 1, at: T0, expiresAt: '2026-09-01T10:31:00.000Z', policy }).then([
      { type: 'SeatHeld', data: { productKey, purchaseId: 'pB', userId: 'B', heldAt: T0, expiresAt: '2026-09-01T10:31:00.000Z', capacity: 1 } },
    ]);
  });

  it('given B checking out from the offer, when B pays, then B takes the seat and the offer ends accepted (B leaves the list)', () => {
    const held: SeatEvent = { type: 'SeatHeld', data: { productKey, purchaseId: 'pB', userId: 'B', heldAt: T0, expiresAt: '2026-09-01T10:31:00.000Z', capacity: 1 } };
    spec.given([...freedAndOffered, held]).when({ type: 'TakeSeat', productKey, purchaseId: 'pB', userId: 'B', capacity: 1, at: T0 }).then([
      { type: 'SeatTaken', data: { productKey, purchaseId: 'pB', userId: 'B', at: T0, late: false } },
      ended('1', 'B', T0, 'accepted'),
    ]);
  });

  it('given B\'s payment page expired but the offer still stands, when B pays late, then the seat is still B\'s', () => {
    const held: SeatEvent = { type: 'SeatHeld', data: { productKey, purchaseId: 'pB', userId: 'B', heldAt: T0, expiresAt: '2026-09-01T10:31:00.000Z', capacity: 1 } };
    expect(seatFor([...freedAndOffered, held].reduce(seatsDecider.evolve, seatsDecider.initialState()), 'pB', 1, '2026-09-01T12:00:00.000Z', 'B')).toBe('take');
  });

  it('given B holding the offer, when B declines it, then it ends and C gets the seat at once', () => {
    const at = '2026-09-01T11:00:00.000Z';
    spec.given(freedAndOffered).when({ type: 'DeclineOffer', productKey, offerId: '1', at, policy }).then([
      ended('1', 'B', at, 'declined'), offered('2', 'C', at, '2026-09-02T11:00:00.000Z'),
    ]);
  });

  it('given an offer already declined, when its link is used again, then it is refused as gone', () => {
    spec.given([...freedAndOffered, ended('1', 'B', T0, 'declined')]).when({ type: 'DeclineOffer', productKey, offerId: '1', at: T0, policy }).thenThrows('waitlist-offer-gone');
  });

  it('given B\'s offer, when its 24 hours are over (the very instant), then the sweep ends it expired and offers C', () => {
    spec.given(freedAndOffered).when({ type: 'ReleaseExpired', productKey, at: DAY_LATER, policy }).then([
      ended('1', 'B', DAY_LATER, 'expired'), offered('2', 'C', DAY_LATER, '2026-09-03T10:00:00.000Z'),
    ]);
  });

  it('given B\'s offer one millisecond before its end, when the sweep runs, then nothing changes', () => {
    spec.given(freedAndOffered).when({ type: 'ReleaseExpired', productKey, at: '2026-09-02T09:59:59.999Z', policy }).thenNothing();
  });

  it('given B holding the offer, when B leaves the list, then leaving declines it and C gets the seat', () => {
    spec.given(freedAndOffered).when({ type: 'LeaveWaitlist', productKey, userId: 'B', at: T0, policy }).then([
      ended('1', 'B', T0, 'declined'), offered('2', 'C', T0),
    ]);
  });

  it('given C waiting without an offer, when C leaves, then C is off the list', () => {
    spec.given(freedAndOffered).when({ type: 'LeaveWaitlist', productKey, userId: 'C', at: T0, policy }).then([
      { type: 'WaitlistLeft', data: { productKey, userId: 'C', at: T0, reason: 'left' } },
    ]);
  });

  it('given someone not on the list, when they leave, then it is refused', () => {
    spec.given(freedAndOffered).when({ type: 'LeaveWaitlist', productKey, userId: 'Z', at: T0, policy }).thenThrows('waitlist-not-on');
  });

  it('given the first session starts, when the list closes, then open offers end closed and the list is closed', () => {
    spec.given(freedAndOffered).when({ type: 'CloseWaitlist', productKey, at: FIRST }).then([
      ended('1', 'B', FIRST, 'expired'), { type: 'WaitlistClosed', data: { productKey, at: FIRST } },
    ]);
  });

  it('given a closed list, when a seat frees, then no offer goes out', () => {
    spec.given([taken('pA', 'A'), joined('B'), { type: 'WaitlistClosed', data: { productKey, at: FIRST } }]).when(refund(FIRST)).then([
      { type: 'SeatReleased', data: { productKey, purchaseId: 'pA', userId: 'A', at: FIRST, reason: 'refund', was: 'taken' } },
    ]);
  });

  it('given a buyer who joined and then bought without an offer, when refunded, then they are not left on the list', () => {
    const decided = seatsDecider.decide({ type: 'ReleaseSeat', productKey, purchaseId: 'pA', reason: 'withdrawal', at: T0, policy },
      [taken('pA', 'A'), joined('A')].reduce(seatsDecider.evolve, seatsDecider.initialState()));
    expect(decided).toContainEqual({ type: 'WaitlistLeft', data: { productKey, userId: 'A', at: T0, reason: 'withdrawal' } });
  });
});

describe('how long an offer holds its seat', () => {
  it('given 24 hours, well before the training, then it ends 24 hours later', () => {
    expect(offerExpiry(policy, T0)).toBe(DAY_LATER);
  });

  it('given 24 hours, the day before the training, then it ends 2 hours before the first session', () => {
    expect(offerExpiry(policy, '2026-09-22T10:00:00.000Z')).toBe('2026-09-23T05:00:00.000Z');
  });

  it('given exactly 30 minutes left before that limit, then an offer still goes out; a millisecond less and none does', () => {
    expect(offerExpiry(policy, '2026-09-23T04:30:00.000Z')).toBe('2026-09-23T05:00:00.000Z');
    expect(offerExpiry(policy, '2026-09-23T04:30:00.001Z')).toBeNull();
  });

  it('given B waiting and the seat freed 1 hour before the start, then no offer goes out and the seat is for sale to anyone', () => {
    const late = '2026-09-23T06:00:00.000Z';
    spec.given([taken('pA', 'A'), joined('B')]).when(refund(late)).then([
      { type: 'SeatReleased', data: { productKey, purchaseId: 'pA', userId: 'A', at: late, reason: 'refund', was: 'taken' } },
    ]);
    spec.given([taken('pA', 'A'), joined('B'), { type: 'SeatReleased', data: { productKey, purchaseId: 'pA', userId: 'A', at: late, reason: 'refund', was: 'taken' } }])
      .when({ type: 'HoldSeat', productKey, purchaseId: 'pX', userId: 'X', capacity: 1, at: late, expiresAt: '2026-09-23T06:31:00.000Z', policy })
      .then([{ type: 'SeatHeld', data: { productKey, purchaseId: 'pX', userId: 'X', heldAt: late, expiresAt: '2026-09-23T06:31:00.000Z', capacity: 1 } }]);
  });

  it('given B waiting and a seat free with no offer made yet (a capacity raised), when a stranger checks out, then the seat is B\'s first', () => {
    spec.given([joined('B')]).when({ type: 'HoldSeat', productKey, purchaseId: 'pX', userId: 'X', capacity: 1, at: T0, expiresAt: '2026-09-01T10:31:00.000Z', policy }).thenThrows('sold-out');
    spec.given([joined('B')]).when({ type: 'OfferSeats', productKey, at: T0, policy }).then([offered('1', 'B')]);
  });
});
