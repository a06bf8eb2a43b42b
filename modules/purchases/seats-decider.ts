/**
 * The decisions of a product's seats stream (seats.ts): checkout holds, payments taking seats, releases, and the
 * waiting list. Every decision that may free a seat ends with `offersAfter`: the seats it freed go to the next people
 * on the list in the same decision, so no checkout can slip in between a seat's release and its offer.
 */
import { DomainError, nobody, type Decider } from '../shared/kernel/index.ts';
import {
  counts, evolveSeats, initialSeats, live, offerHoldKey, offerOf, waitingAt, OFFER_END_BEFORE_START_MINUTES, OFFER_MIN_MINUTES,
  type OfferEnded, type SeatCommand, type SeatEvent, type Sale, type SeatPolicy, type SeatReleased, type SeatReleaseReason, type SeatRule, type SeatsState,
} from './seats.ts';

const MINUTE = 60_000;

const released = (productKey: string, purchaseId: string, userId: string, at: string, reason: SeatReleaseReason, was: 'held' | 'taken'): SeatReleased =>
  ({ type: 'SeatReleased', data: { productKey, purchaseId, userId, at, reason, was } });

const ended = (productKey: string, offerId: string, userId: string, at: string, reason: OfferEnded['data']['reason']): OfferEnded =>
  ({ type: 'OfferEnded', data: { productKey, offerId, userId, at, reason } });

/** The checkout holds and the offers past their expiry at `at`, recorded as ended (except `except`'s own hold). */
function lapsed(state: SeatsState, productKey: string, at: string, except?: string): SeatEvent[] {
  return Object.entries(state.holds).filter(([id, hold]) => id !== except && !live(hold, at)).map(([id, hold]) => (hold.offerId
    ? ended(productKey, hold.offerId, hold.userId, at, 'expired')
    : released(productKey, id, hold.userId, at, 'expired', 'held')));
}

/**
 * When an offer made at `at` would end: its length, but at least two hours before the first session; null when that
 * leaves less than `OFFER_MIN_MINUTES` (too close to the start, or past it), so no offer goes out.
 */
export function offerExpiry(policy: SeatPolicy, at: string): string | null {
  const now = Date.parse(at);
  const byLength = now + policy.offerMinutes * MINUTE;
  const byStart = policy.firstStart === null ? Infinity : Date.parse(policy.firstStart) - OFFER_END_BEFORE_START_MINUTES * MINUTE;
  const end = Math.min(byLength, byStart);
  return end - now >= OFFER_MIN_MINUTES * MINUTE ? new Date(end).toISOString() : null;
}

/** Whether the list still takes people at `at`: it closes when the first session starts. */
const listOpen = (state: SeatsState, policy: SeatPolicy, at: string) =>
  !state.closed && (policy.firstStart === null || Date.parse(at) < Date.parse(policy.firstStart));

/** The offers the seats free after `events` allow: one per free seat, to the next people waiting, in order. */
function offersAfter(state: SeatsState, events: SeatEvent[], productKey: string, policy: SeatPolicy | undefined, at: string): SeatEvent[] {
  if (!policy) return events;
  const after = events.reduce(evolveSeats, state);
  const expiresAt = offerExpiry(policy, at);
  if (!listOpen(after, policy, at) || expiresAt === null) return events;
  const { sold, held } = counts(after, at);
  const free = Math.max(0, policy.capacity - sold - held);
  const offers = waitingAt(after, at).slice(0, free).map((w, i): SeatEvent => ({
    type: 'SeatOffered', data: { productKey, offerId: String(after.offers + i + 1), userId: w.userId, at, expiresAt },
  }));
  return [...events, ...offers];
}

/** A buyer who gets a seat leaves the product's list: their open offer is taken up, or their place given up. */
function leavesListOnSeat(state: SeatsState, productKey: string, userId: string, at: string): SeatEvent[] {
  const offer = offerOf(state, userId, at);
  if (offer?.offerId) return [ended(productKey, offer.offerId, userId, at, 'accepted')];
  return state.queue.some((w) => w.userId === userId) ? [{ type: 'WaitlistLeft', data: { productKey, userId, at, reason: 'bought' } }] : [];
}

/** The stream's seats brought in line with `sales`, the access the product gives now (seats.ts `CountSales`). */
function countSales(state: SeatsState, productKey: string, sales: readonly Sale[], at: string): SeatEvent[] {
  const current = new Set(sales.map((s) => s.purchaseId));
  const gone = Object.entries(state.taken).filter(([id]) => !current.has(id)).map(([id, userId]) => released(productKey, id, userId, at, 'ended', 'taken'));
  const come = sales.filter((s) => !state.taken[s.purchaseId]).flatMap((s): SeatEvent[] => [
    { type: 'SeatTaken', data: { productKey, purchaseId: s.purchaseId, userId: s.userId, at, late: false, adopted: true } },
    ...leavesListOnSeat(state, productKey, s.userId, at),
  ]);
  return [...gone, ...come];
}

/** `state` as it is once the access the product gives now is counted: what a page shows before the next decision records it. */
export const withSalesCounted = (state: SeatsState, productKey: string, sales: readonly Sale[], at: string): SeatsState =>
  countSales(state, productKey, sales, at).reduce(evolveSeats, state);

const refuse = (rule: SeatRule): never => { throw new DomainError<SeatRule>(rule); };

export function decideSeats(command: SeatCommand, state: SeatsState): SeatEvent[] {
  switch (command.type) {
    case 'CountSales': return countSales(state, command.productKey, command.sales, command.at);
    case 'HoldSeat': {
      const { productKey, purchaseId, userId, at } = command;
      if (state.taken[purchaseId] || state.holds[purchaseId]) return [];
      // The checkout holds that lapsed are recorded as freed the moment someone next needs their seat (offers end by the sweep).
      const expired = lapsed(state, productKey, at).filter((e) => e.type === 'SeatReleased');
      const replaced = Object.entries(state.holds).filter(([, hold]) => !hold.offerId && hold.userId === userId && live(hold, at))
        .map(([id]) => released(productKey, id, userId, at, 'replaced', 'held'));
      const { sold, held } = counts(state, at, userId);
      const free = command.capacity - sold - held;
      if (free <= 0) refuse('sold-out');
      // A seat an offer holds is its holder's; the free ones go to the list first while offers can still go out.
      if (!offerOf(state, userId, at) && command.policy && listOpen(state, command.policy, at) && offerExpiry(command.policy, at) !== null) {
        const ahead = waitingAt(state, at).findIndex((w) => w.userId === userId);
        const before = ahead === -1 ? waitingAt(state, at).length : ahead;
        if (before >= free) refuse('sold-out');
      }
      return [...expired, ...replaced, { type: 'SeatHeld', data: { productKey, purchaseId, userId, heldAt: at, expiresAt: command.expiresAt, capacity: command.capacity } }];
    }
    case 'TakeSeat': {
      const { productKey, purchaseId, userId, at } = command;
      if (state.taken[purchaseId]) return [];
      const hold = state.holds[purchaseId];
      const offer = offerOf(state, userId, at);
      const takes = (hold && live(hold, at)) || offer !== null || counts(state, at, userId).sold + counts(state, at, userId).held < command.capacity;
      if (!takes) refuse('sold-out');
      const taken: SeatEvent = { type: 'SeatTaken', data: { productKey, purchaseId, userId, at, late: !hold || !live(hold, at) } };
      return [taken, ...leavesListOnSeat(state, productKey, userId, at)];
    }
    case 'ReleaseSeat': {
      const { productKey, purchaseId, reason, at } = command;
      const taker = state.taken[purchaseId];
      const hold = state.holds[purchaseId];
      // Only a refund or a withdrawal gives back a seat paid for; the other reasons end a hold and nothing else.
      const events: SeatEvent[] = taker ? (reason === 'refund' || reason === 'withdrawal' ? [released(productKey, purchaseId, taker, at, reason, 'taken')] : [])
        : hold ? [released(productKey, purchaseId, hold.userId, at, reason, 'held')] : [];
      // A buyer whose purchase ended by a refund or a withdrawal leaves that product's list too.
      const left: SeatEvent[] = taker && (reason === 'refund' || reason === 'withdrawal') && state.queue.some((w) => w.userId === taker)
        ? [{ type: 'WaitlistLeft', data: { productKey, userId: taker, at, reason } }] : [];
      return offersAfter(state, [...events, ...left], productKey, command.policy, at);
    }
    case 'ReleaseExpired': return offersAfter(state, lapsed(state, command.productKey, command.at), command.productKey, command.policy, command.at);
    case 'OfferSeats': return offersAfter(state, lapsed(state, command.productKey, command.at), command.productKey, command.policy, command.at);
    case 'JoinWaitlist': {
      const { productKey, userId, at, policy } = command;
      if (!listOpen(state, policy, at)) refuse('waitlist-closed');
      if (state.queue.some((w) => w.userId === userId)) refuse('waitlist-already');
      const { sold, held } = counts(state, at);
      // The list is for a product with no seat to buy: with one free, the answer is to buy it.
      if (sold + held < policy.capacity && waitingAt(state, at).length === 0) refuse('waitlist-seats-free');
      return offersAfter(state, [{ type: 'WaitlistJoined', data: { productKey, userId, at } }], productKey, policy, at);
    }
    case 'LeaveWaitlist': {
      const { productKey, userId, at, policy } = command;
      if (!state.queue.some((w) => w.userId === userId)) refuse('waitlist-not-on');
      const offer = offerOf(state, userId, at);
      // Leaving with an offer open is declining it: the seat goes to the next person at once.
      const events: SeatEvent[] = offer?.offerId ? [ended(productKey, offer.offerId, userId, at, 'declined')]
        : [{ type: 'WaitlistLeft', data: { productKey, userId, at, reason: 'left' } }];
      return offersAfter(state, events, productKey, policy, at);
    }
    case 'DeclineOffer': {
      const { productKey, offerId, at, policy } = command;
      const hold = state.holds[offerHoldKey(offerId)];
      if (!hold || !live(hold, at)) refuse('waitlist-offer-gone');
      return offersAfter(state, [ended(productKey, offerId, hold!.userId, at, 'declined')], productKey, policy, at);
    }
    case 'CloseWaitlist': {
      if (state.closed) return [];
      const open = Object.values(state.holds).filter((h) => h.offerId !== undefined)
        .map((h) => ended(command.productKey, h.offerId!, h.userId, command.at, live(h, command.at) ? 'closed' : 'expired'));
      return [...open, { type: 'WaitlistClosed', data: { productKey: command.productKey, at: command.at } }];
    }
    default: { const never: never = command; return never; }
  }
}

const theUser = (event: SeatEvent) => ('userId' in event.data ? [event.data.userId] : []);

export const seatsDecider: Decider<SeatCommand, SeatEvent, SeatsState> = {
  decide: decideSeats, evolve: evolveSeats, initialState: initialSeats,
  concerns: {
    SeatHeld: theUser, SeatTaken: theUser, SeatReleased: theUser, WaitlistJoined: theUser, WaitlistLeft: theUser,
    SeatOffered: theUser, OfferEnded: theUser, WaitlistClosed: nobody,
  },
};

