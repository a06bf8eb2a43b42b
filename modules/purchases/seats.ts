/**
 * The seats of one product with a capacity: a stream per product (`seats-<productKey>`). Every checkout of the
 * product holds a seat here before the provider is asked for a payment page, so this stream alone decides who gets
 * the last one: its appends are serialised by a per-product lock (seat-handlers.ts) and guarded by its version.
 * The capacity is the catalogue's and comes with each command: a change of it applies to the next decision.
 * A hold counts until its `expiresAt` (the instant itself is already past it), whether or not its release is recorded:
 * the release events are the audit trail, the arithmetic never waits for a sweep.
 */
import { DomainError, type Decider } from '../shared/kernel/index.ts';

/** Why a seat was freed: the payment page expired, the buyer's newer checkout replaced it, the provider could not be
 * asked, the payment was a duplicate (owned already), or a full refund or withdrawal ended the access it gave. */
export type SeatReleaseReason = 'expired' | 'replaced' | 'abandoned' | 'duplicate' | 'refund' | 'withdrawal';

export type SeatHeld = {
  type: 'SeatHeld';
  data: { productKey: string; purchaseId: string; userId: string; heldAt: string; expiresAt: string; capacity: number };
};
/**
 * `late`: paid after its hold expired, while a seat was still free. `adopted`: a purchase paid before the product had
 * seats (no capacity then), counted when the first checkout of the product with a capacity opens its seats stream.
 */
export type SeatTaken = { type: 'SeatTaken'; data: { productKey: string; purchaseId: string; userId: string; at: string; late: boolean; adopted?: true } };
export type SeatReleased = {
  type: 'SeatReleased';
  data: { productKey: string; purchaseId: string; userId: string; at: string; reason: SeatReleaseReason; was: 'held' | 'taken' };
};
export type SeatEvent = SeatHeld | SeatTaken | SeatReleased;

export type Hold = { userId: string; expiresAt: string };
export type SeatsState = { holds: Record<string, Hold>; taken: Record<string, string> };

export type HoldSeat = { type: 'HoldSeat'; productKey: string; purchaseId: string; userId: string; capacity: number; at: string; expiresAt: string };
export type TakeSeat = { type: 'TakeSeat'; productKey: string; purchaseId: string; userId: string; capacity: number; at: string };
export type ReleaseSeat = { type: 'ReleaseSeat'; productKey: string; purchaseId: string; reason: SeatReleaseReason; at: string };
/** Counts the paid purchases made before the product had a capacity: each takes its seat (on an empty stream only). */
export type AdoptSales = { type: 'AdoptSales'; productKey: string; sales: { purchaseId: string; userId: string }[]; at: string };
/** Records the release of every hold past its expiry at `at` (the sweep). */
export type ReleaseExpired = { type: 'ReleaseExpired'; productKey: string; at: string };
export type SeatCommand = HoldSeat | TakeSeat | ReleaseSeat | ReleaseExpired | AdoptSales;

export type SeatRule = 'sold-out';

export const initialSeats = (): SeatsState => ({ holds: {}, taken: {} });

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _gone, ...rest } = record;
  return rest;
}

export function evolveSeats(state: SeatsState, event: SeatEvent): SeatsState {
  switch (event.type) {
    case 'SeatHeld': return { ...state, holds: { ...state.holds, [event.data.purchaseId]: { userId: event.data.userId, expiresAt: event.data.expiresAt } } };
    case 'SeatTaken': return { holds: without(state.holds, event.data.purchaseId), taken: { ...state.taken, [event.data.purchaseId]: event.data.userId } };
    case 'SeatReleased': return { holds: without(state.holds, event.data.purchaseId), taken: without(state.taken, event.data.purchaseId) };
    default: { const never: never = event; return never; }
  }
}

const live = (hold: Hold, at: string) => Date.parse(hold.expiresAt) > Date.parse(at);

/** Seats paid for, and holds still valid at `at` (except `purchaseId`'s own). */
export function counts(state: SeatsState, at: string, except?: string) {
  const held = Object.entries(state.holds).filter(([id, hold]) => id !== except && live(hold, at)).length;
  return { sold: Object.keys(state.taken).length, held };
}

/**
 * What a payment of `purchaseId` at `at` gets: `taken` (already recorded), `take` (its hold is valid, or it expired
 * and a seat is still free), or `none` (expired, and every seat is sold or held by others).
 */
export function seatFor(state: SeatsState, purchaseId: string, capacity: number, at: string): 'taken' | 'take' | 'none' {
  if (state.taken[purchaseId]) return 'taken';
  const hold = state.holds[purchaseId];
  if (hold && live(hold, at)) return 'take';
  const { sold, held } = counts(state, at, purchaseId);
  return sold + held < capacity ? 'take' : 'none';
}

const released = (productKey: string, purchaseId: string, userId: string, at: string, reason: SeatReleaseReason, was: 'held' | 'taken'): SeatReleased =>
  ({ type: 'SeatReleased', data: { productKey, purchaseId, userId, at, reason, was } });

function expiredHolds(state: SeatsState, productKey: string, at: string, except?: string): SeatReleased[] {
  return Object.entries(state.holds).filter(([id, hold]) => id !== except && !live(hold, at))
    .map(([id, hold]) => released(productKey, id, hold.userId, at, 'expired', 'held'));
}

export function decideSeats(command: SeatCommand, state: SeatsState): SeatEvent[] {
  switch (command.type) {
    case 'AdoptSales':
      return command.sales.filter((sale) => !state.taken[sale.purchaseId] && !state.holds[sale.purchaseId]).map((sale) => ({
        type: 'SeatTaken' as const, data: { productKey: command.productKey, purchaseId: sale.purchaseId, userId: sale.userId, at: command.at, late: false, adopted: true as const },
      }));
    case 'HoldSeat': {
      const { productKey, purchaseId, userId, at } = command;
      if (state.taken[purchaseId] || state.holds[purchaseId]) return [];
      // The holds that lapsed are recorded as freed the moment someone next needs their seat.
      const expired = expiredHolds(state, productKey, at);
      const replaced = Object.entries(state.holds).filter(([, hold]) => hold.userId === userId && live(hold, at))
        .map(([id]) => released(productKey, id, userId, at, 'replaced', 'held'));
      const { sold, held } = counts(state, at);
      if (sold + held - replaced.length >= command.capacity) throw new DomainError<SeatRule>('sold-out');
      return [...expired, ...replaced, { type: 'SeatHeld', data: { productKey, purchaseId, userId, heldAt: at, expiresAt: command.expiresAt, capacity: command.capacity } }];
    }
    case 'TakeSeat': {
      const decision = seatFor(state, command.purchaseId, command.capacity, command.at);
      if (decision === 'taken') return [];
      if (decision === 'none') throw new DomainError<SeatRule>('sold-out');
      const hold = state.holds[command.purchaseId];
      return [{ type: 'SeatTaken', data: { productKey: command.productKey, purchaseId: command.purchaseId, userId: command.userId, at: command.at,
        late: !hold || !live(hold, command.at) } }];
    }
    case 'ReleaseSeat': {
      const { productKey, purchaseId, reason, at } = command;
      const taker = state.taken[purchaseId];
      // Only a refund or a withdrawal gives back a seat paid for; the other reasons end a hold and nothing else.
      if (taker) return reason === 'refund' || reason === 'withdrawal' ? [released(productKey, purchaseId, taker, at, reason, 'taken')] : [];
      const hold = state.holds[purchaseId];
      return hold ? [released(productKey, purchaseId, hold.userId, at, reason, 'held')] : [];
    }
    case 'ReleaseExpired': return expiredHolds(state, command.productKey, command.at);
    default: { const never: never = command; return never; }
  }
}

const theBuyer = (event: SeatEvent) => [event.data.userId];

export const seatsDecider: Decider<SeatCommand, SeatEvent, SeatsState> = {
  decide: decideSeats, evolve: evolveSeats, initialState: initialSeats,
  concerns: { SeatHeld: theBuyer, SeatTaken: theBuyer, SeatReleased: theBuyer },
};

export const seatsStreamOf = (productKey: string) => `seats-${productKey}`;
