/**
 * What a product's seats stream says to its pages at an instant: the counts (sold, held, waiting, free) and one
 * person's place on the waiting list. Both are folds of the same state, so a product page gets them from one read
 * of the stream (seat-handlers.ts `seatsAndWaitlist`) instead of one read each.
 */
import { offerExpiry } from './seats-decider.ts';
import { counts, offerOf, waitingAt, type SeatPolicy, type SeatsState } from './seats.ts';

/** `waiting`: people on the waiting list without an open offer. */
export type SeatCounts = { capacity: number | null; sold: number; held: number; waiting: number; free: number | null };

/** A person's place on a product's waiting list, as their page shows it. */
export type WaitlistStatus = {
  /** The list takes people (the product has seats and its first session has not started). */
  open: boolean;
  /** 1-based place on the list; null: not on it. */
  position: number | null;
  /** The seat held for them, until when; null: none. */
  offer: { offerId: string; expiresAt: string } | null;
};

/** The seats at `at` under `policy` (null: no capacity, so no limit), in a state with every sale counted. */
export function seatCountsOf(state: SeatsState, policy: SeatPolicy | null, at: string): SeatCounts {
  const capacity = policy?.capacity ?? null;
  const { sold, held } = counts(state, at);
  // Seats the waiting list is owed are not for sale: a page shows "Sold out" while its people wait for offers.
  const waiting = policy && !state.closed && offerExpiry(policy, at) !== null ? waitingAt(state, at).length : 0;
  return { capacity, sold, held, waiting, free: capacity === null ? null : Math.max(0, capacity - sold - held - waiting) };
}

/** `userId`'s place on the list at `at` (null: a visitor, on no list; the answer then only says whether it is open). */
export function waitlistStatusOf(state: SeatsState, policy: SeatPolicy | null, userId: string | null, at: string): WaitlistStatus {
  const index = userId === null ? -1 : state.queue.findIndex((w) => w.userId === userId);
  const offer = userId === null ? null : offerOf(state, userId, at);
  const open = policy !== null && !state.closed && (policy.firstStart === null || Date.parse(at) < Date.parse(policy.firstStart));
  return { open, position: index === -1 ? null : index + 1, offer: offer?.offerId ? { offerId: offer.offerId, expiresAt: offer.expiresAt } : null };
}
