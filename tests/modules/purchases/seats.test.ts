import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../modules/shared/kernel/spec.ts';
import { seatFor, type SeatEvent } from '../../../modules/purchases/seats.ts';
import { seatsDecider } from '../../../modules/purchases/seats-decider.ts';

const spec = deciderSpec(seatsDecider);
const product = 'trening';
const T0 = '2026-09-01T10:00:00.000Z';
const EXPIRY = '2026-09-01T10:31:00.000Z';
const held = (purchaseId: string, userId: string, expiresAt = EXPIRY): SeatEvent =>
  ({ type: 'SeatHeld', data: { productKey: product, purchaseId, userId, heldAt: T0, expiresAt, capacity: 2 } });
const taken = (purchaseId: string, userId: string): SeatEvent =>
  ({ type: 'SeatTaken', data: { productKey: product, purchaseId, userId, at: T0, late: false } });
const hold = (purchaseId: string, userId: string, at: string) =>
  ({ type: 'HoldSeat' as const, productKey: product, purchaseId, userId, capacity: 2, at, expiresAt: '2026-09-01T12:00:00.000Z' });

describe('seats of a product with a capacity of 2', () => {
  it('given one seat sold, when a buyer asks for the last one, then it is held for them', () => {
    spec.given([taken('p1', 'u1')]).when(hold('p2', 'u2', T0)).then([
      { type: 'SeatHeld', data: { productKey: product, purchaseId: 'p2', userId: 'u2', heldAt: T0, expiresAt: '2026-09-01T12:00:00.000Z', capacity: 2 } },
    ]);
  });

  it('given one seat sold and the last held, when another buyer asks, then it is refused sold-out', () => {
    spec.given([taken('p1', 'u1'), held('p2', 'u2')]).when(hold('p3', 'u3', '2026-09-01T10:30:59.999Z')).thenThrows('sold-out');
  });

  it('given the last seat held, when another buyer asks at exactly its expiry instant, then the lapsed hold is freed and the seat is theirs', () => {
    spec.given([taken('p1', 'u1'), held('p2', 'u2')]).when(hold('p3', 'u3', EXPIRY)).then([
      { type: 'SeatReleased', data: { productKey: product, purchaseId: 'p2', userId: 'u2', at: EXPIRY, reason: 'expired', was: 'held' } },
      { type: 'SeatHeld', data: { productKey: product, purchaseId: 'p3', userId: 'u3', heldAt: EXPIRY, expiresAt: '2026-09-01T12:00:00.000Z', capacity: 2 } },
    ]);
  });

  it('given every seat held, one by this buyer, when they start a second checkout, then their own hold is replaced, not refused', () => {
    spec.given([held('p1', 'u1'), held('p2', 'u2')]).when(hold('p3', 'u2', T0)).then([
      { type: 'SeatReleased', data: { productKey: product, purchaseId: 'p2', userId: 'u2', at: T0, reason: 'replaced', was: 'held' } },
      { type: 'SeatHeld', data: { productKey: product, purchaseId: 'p3', userId: 'u2', heldAt: T0, expiresAt: '2026-09-01T12:00:00.000Z', capacity: 2 } },
    ]);
  });

  it('given both seats sold, when a full refund ends one purchase, then its seat is free again and can be held', () => {
    const refund = spec.given([taken('p1', 'u1'), taken('p2', 'u2')])
      .when({ type: 'ReleaseSeat', productKey: product, purchaseId: 'p2', reason: 'refund', at: T0 });
    refund.then([{ type: 'SeatReleased', data: { productKey: product, purchaseId: 'p2', userId: 'u2', at: T0, reason: 'refund', was: 'taken' } }]);
    const history: SeatEvent[] = [taken('p1', 'u1'), taken('p2', 'u2'),
      { type: 'SeatReleased', data: { productKey: product, purchaseId: 'p2', userId: 'u2', at: T0, reason: 'refund', was: 'taken' } }];
    spec.given(history).when(hold('p3', 'u3', T0)).then([
      { type: 'SeatHeld', data: { productKey: product, purchaseId: 'p3', userId: 'u3', heldAt: T0, expiresAt: '2026-09-01T12:00:00.000Z', capacity: 2 } },
    ]);
  });

  it('given a seat paid for, when its checkout session expires at the provider, then the paid seat stays taken', () => {
    spec.given([taken('p1', 'u1')]).when({ type: 'ReleaseSeat', productKey: product, purchaseId: 'p1', reason: 'expired', at: T0 }).thenNothing();
  });

  it('given a valid hold, when it is paid, then the seat is taken (not late); paid again, nothing more', () => {
    const take = { type: 'TakeSeat' as const, productKey: product, purchaseId: 'p2', userId: 'u2', capacity: 2, at: '2026-09-01T10:30:59.999Z' };
    spec.given([taken('p1', 'u1'), held('p2', 'u2')]).when(take).then([
      { type: 'SeatTaken', data: { productKey: product, purchaseId: 'p2', userId: 'u2', at: take.at, late: false } },
    ]);
    spec.given([taken('p1', 'u1'), taken('p2', 'u2')]).when(take).thenNothing();
  });

  it('given a hold paid after its expiry, then the seat is taken late while one is free, and refused when others hold them all', () => {
    const late = { type: 'TakeSeat' as const, productKey: product, purchaseId: 'p2', userId: 'u2', capacity: 2, at: EXPIRY };
    spec.given([taken('p1', 'u1'), held('p2', 'u2')]).when(late).then([
      { type: 'SeatTaken', data: { productKey: product, purchaseId: 'p2', userId: 'u2', at: EXPIRY, late: true } },
    ]);
    const others = [taken('p1', 'u1'), held('p2', 'u2'), held('p3', 'u3', '2026-09-01T11:00:00.000Z')];
    spec.given(others).when(late).thenThrows('sold-out');
    expect(seatFor(others.reduce(seatsDecider.evolve, seatsDecider.initialState()), 'p2', 2, EXPIRY)).toBe('none');
  });

  it('given holds past their expiry, when the sweep runs, then each is recorded as freed and valid ones stay', () => {
    spec.given([held('p1', 'u1'), held('p2', 'u2', '2026-09-01T11:00:00.000Z')]).when({ type: 'ReleaseExpired', productKey: product, at: EXPIRY }).then([
      { type: 'SeatReleased', data: { productKey: product, purchaseId: 'p1', userId: 'u1', at: EXPIRY, reason: 'expired', was: 'held' } },
    ]);
  });
});
