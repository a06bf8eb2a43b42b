/**
 * The seats of one product with a capacity, and its waiting list: a stream per product (`seats-<productKey>`). Every
 * checkout of the product holds a seat here before the provider is asked for a payment page, and every offer to the
 * waiting list holds one too, so this stream alone decides who gets the last seat: its appends are serialised by a
 * per-product lock (seat-handlers.ts) and guarded by its version. The capacity and the offer rules are the
 * catalogue's and come with each command (`SeatPolicy`): a change of them applies to the next decision.
 * A hold counts until its `expiresAt` (the instant itself is already past it), whether or not its end is recorded:
 * the release events are the audit trail, the arithmetic never waits for a sweep.
 */

/** Why a seat was freed: the payment page expired, the buyer's newer checkout replaced it, the provider could not be
 * asked, the payment was a duplicate (owned already), a full refund or withdrawal ended the access it gave, or the
 * access ended while nobody counted seats (`ended`: a grant revoked, or a refund while the product had no capacity). */
export type SeatReleaseReason = 'expired' | 'replaced' | 'abandoned' | 'duplicate' | 'refund' | 'withdrawal' | 'ended';

export type SeatHeld = {
  type: 'SeatHeld';
  data: { productKey: string; purchaseId: string; userId: string; heldAt: string; expiresAt: string; capacity: number };
};
/**
 * `late`: paid after its hold expired, while a seat was still free. `adopted`: access the stream had not counted (paid
 * while the product had no capacity, or granted by the admin), counted at the next decision on the product's seats.
 */
export type SeatTaken = { type: 'SeatTaken'; data: { productKey: string; purchaseId: string; userId: string; at: string; late: boolean; adopted?: true } };
export type SeatReleased = {
  type: 'SeatReleased';
  data: { productKey: string; purchaseId: string; userId: string; at: string; reason: SeatReleaseReason; was: 'held' | 'taken' };
};
/** Why someone left the waiting list without an offer ending: by their own choice, by buying, or their purchase ended. */
export type WaitlistLeaveReason = 'left' | 'bought' | 'refund' | 'withdrawal';
export type WaitlistJoined = { type: 'WaitlistJoined'; data: { productKey: string; userId: string; at: string } };
export type WaitlistLeft = { type: 'WaitlistLeft'; data: { productKey: string; userId: string; at: string; reason: WaitlistLeaveReason } };
/** A free seat held for the next person on the list until `expiresAt`: theirs to buy, nobody else's. */
export type SeatOffered = { type: 'SeatOffered'; data: { productKey: string; offerId: string; userId: string; at: string; expiresAt: string } };
/**
 * An offer's end, which is also its holder's leaving the list: bought (`accepted`), `declined` (or left the list),
 * not taken up in time (`expired`), or the first session began (`closed`).
 */
export type OfferEndReason = 'accepted' | 'declined' | 'expired' | 'closed';
export type OfferEnded = { type: 'OfferEnded'; data: { productKey: string; offerId: string; userId: string; at: string; reason: OfferEndReason } };
/** The first session began: nobody joins any more, and no offer goes out. */
export type WaitlistClosed = { type: 'WaitlistClosed'; data: { productKey: string; at: string } };
export type SeatEvent = SeatHeld | SeatTaken | SeatReleased | WaitlistJoined | WaitlistLeft | SeatOffered | OfferEnded | WaitlistClosed;

/** A seat held by a checkout (keyed by its purchase) or by an offer (keyed `offer:<offerId>`). */
export type Hold = { userId: string; expiresAt: string; offerId?: string };
export type Waiting = { userId: string; joinedAt: string };
export type SeatsState = {
  holds: Record<string, Hold>;
  taken: Record<string, string>;
  /** The waiting list in the order people joined; someone with an open offer stays on it until the offer ends. */
  queue: Waiting[];
  /** Offers made so far (the next offer's id is one more). */
  offers: number;
  closed: boolean;
};

/**
 * What the catalogue says about seats at the moment of a decision: the capacity, how long an offer holds its seat,
 * and when the first session starts (null: no sessions, so offers end only by their length).
 */
export type SeatPolicy = { capacity: number; offerMinutes: number; firstStart: string | null };

export type HoldSeat = { type: 'HoldSeat'; productKey: string; purchaseId: string; userId: string; capacity: number; at: string; expiresAt: string; policy?: SeatPolicy };
export type TakeSeat = { type: 'TakeSeat'; productKey: string; purchaseId: string; userId: string; capacity: number; at: string };
export type ReleaseSeat = { type: 'ReleaseSeat'; productKey: string; purchaseId: string; reason: SeatReleaseReason; at: string; policy?: SeatPolicy };
/**
 * Brings the stream in line with the access the product gives now (`sales`: every purchase paid or granted and not
 * ended). Payments take their seats in their own transaction, but only while the product has a capacity: what was sold
 * or ended while it had none, and the admin's grants and revocations, are counted here, before each seat decision.
 */
export type CountSales = { type: 'CountSales'; productKey: string; sales: Sale[]; at: string };
export type Sale = { purchaseId: string; userId: string };
/** Records the end of every hold and offer past its expiry at `at` (the sweep), then offers the seats they freed. */
export type ReleaseExpired = { type: 'ReleaseExpired'; productKey: string; at: string; policy?: SeatPolicy };
export type JoinWaitlist = { type: 'JoinWaitlist'; productKey: string; userId: string; at: string; policy: SeatPolicy };
export type LeaveWaitlist = { type: 'LeaveWaitlist'; productKey: string; userId: string; at: string; policy: SeatPolicy };
export type DeclineOffer = { type: 'DeclineOffer'; productKey: string; offerId: string; at: string; policy: SeatPolicy };
/** Offers every free seat to the list (after a capacity was raised, or when a checkout found the list waiting). */
export type OfferSeats = { type: 'OfferSeats'; productKey: string; at: string; policy: SeatPolicy };
export type CloseWaitlist = { type: 'CloseWaitlist'; productKey: string; at: string };
export type SeatCommand = HoldSeat | TakeSeat | ReleaseSeat | ReleaseExpired | CountSales | JoinWaitlist | LeaveWaitlist | DeclineOffer | OfferSeats | CloseWaitlist;

export type SeatRule = 'sold-out' | 'waitlist-closed' | 'waitlist-seats-free' | 'waitlist-already' | 'waitlist-not-on' | 'waitlist-offer-gone' | 'waitlist-no-capacity';

/** No offer goes out that would hold its seat for less than this: nobody could act on it. */
export const OFFER_MIN_MINUTES = 30;
/** An offer always ends at least this long before the first session (issue 24). */
export const OFFER_END_BEFORE_START_MINUTES = 120;
/** An offer's length when the product sets none. */
export const DEFAULT_OFFER_HOURS = 24;

export const initialSeats = (): SeatsState => ({ holds: {}, taken: {}, queue: [], offers: 0, closed: false });

export const offerHoldKey = (offerId: string) => `offer:${offerId}`;

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _gone, ...rest } = record;
  return rest;
}

const leaving = (queue: Waiting[], userId: string) => queue.filter((w) => w.userId !== userId);

export function evolveSeats(state: SeatsState, event: SeatEvent): SeatsState {
  switch (event.type) {
    case 'SeatHeld': return { ...state, holds: { ...state.holds, [event.data.purchaseId]: { userId: event.data.userId, expiresAt: event.data.expiresAt } } };
    case 'SeatTaken': return { ...state, holds: without(state.holds, event.data.purchaseId), taken: { ...state.taken, [event.data.purchaseId]: event.data.userId } };
    case 'SeatReleased': return { ...state, holds: without(state.holds, event.data.purchaseId), taken: without(state.taken, event.data.purchaseId) };
    case 'WaitlistJoined': return { ...state, queue: [...state.queue, { userId: event.data.userId, joinedAt: event.data.at }] };
    case 'WaitlistLeft': return { ...state, queue: leaving(state.queue, event.data.userId) };
    case 'SeatOffered': return { ...state, offers: state.offers + 1,
      holds: { ...state.holds, [offerHoldKey(event.data.offerId)]: { userId: event.data.userId, expiresAt: event.data.expiresAt, offerId: event.data.offerId } } };
    case 'OfferEnded': return { ...state, holds: without(state.holds, offerHoldKey(event.data.offerId)), queue: leaving(state.queue, event.data.userId) };
    case 'WaitlistClosed': return { ...state, closed: true };
    default: { const never: never = event; return never; }
  }
}

export const live = (hold: Hold, at: string) => Date.parse(hold.expiresAt) > Date.parse(at);

/** The open offer of a person (valid at `at`), if any. */
export const offerOf = (state: SeatsState, userId: string, at: string): Hold | null =>
  Object.values(state.holds).find((h) => h.offerId !== undefined && h.userId === userId && live(h, at)) ?? null;

/**
 * Seats paid for, and seats held at `at`: one per person holding (a checkout started from an offer holds the same seat
 * as the offer), not counting `exceptUser`'s.
 */
export function counts(state: SeatsState, at: string, exceptUser?: string) {
  const holders = new Set(Object.values(state.holds).filter((h) => h.userId !== exceptUser && live(h, at)).map((h) => h.userId));
  return { sold: Object.keys(state.taken).length, held: holders.size };
}

/** The people on the list who wait for an offer at `at` (no open one), in order. */
export const waitingAt = (state: SeatsState, at: string) => state.queue.filter((w) => offerOf(state, w.userId, at) === null);

/**
 * What a payment of `purchaseId` at `at` gets: `taken` (already recorded), `take` (its hold or its buyer's offer is
 * valid, or it expired and a seat is still free), or `none` (expired, and every seat is sold or held by others).
 */
export function seatFor(state: SeatsState, purchaseId: string, capacity: number, at: string, buyer?: string): 'taken' | 'take' | 'none' {
  if (state.taken[purchaseId]) return 'taken';
  const hold = state.holds[purchaseId];
  if (hold && live(hold, at)) return 'take';
  const userId = hold?.userId ?? buyer;
  if (userId && offerOf(state, userId, at)) return 'take';
  const { sold, held } = counts(state, at, userId);
  return sold + held < capacity ? 'take' : 'none';
}

export const seatsStreamOf = (productKey: string) => `seats-${productKey}`;
