import { sql, type Kysely } from 'kysely';
import type { EventMetadata, RecordedEvent, Tx } from '../shared/events/index.ts';
import { appendAlongside, handleCommand, loadState } from '../shared/kernel/index.ts';
import type { PurchasesDeps } from './deps.ts';
import { counts, seatsDecider, seatsStreamOf, type SeatCommand, type SeatReleaseReason, type SeatsState } from './seats.ts';

/**
 * How long a checkout holds its seat, which is also how long its payment page is valid: Stripe Checkout's
 * `expires_at` must lie 30 minutes to 24 hours after the session's creation (Stripe API: checkout.sessions.create),
 * and the session is created a moment after the hold, so one minute more than Stripe's minimum.
 */
export const HOLD_MINUTES = 31;

/** Timed work: at a hold's expiry, the product's expired holds are recorded as freed (so cached "Sold out" pages drop). */
export const SEAT_EXPIRY_TOPIC = 'seat-expiry';

/** Two-key advisory locks (namespace, hashtext(product key)), beside fulfilment's refund lock (7_300_101). */
const SEATS_LOCK = 7_300_102;

/**
 * Every append to a product's seats stream happens under this transaction-scoped lock, taken before the stream is
 * read: concurrent checkouts of the last seats, on any instance, queue here instead of reading the same version and
 * failing their append one after another (up to the kernel's eight attempts, then a 500).
 */
async function lockSeats(tx: Kysely<any>, productKey: string) {
  await sql`select pg_advisory_xact_lock(${SEATS_LOCK}, hashtext(${productKey}))`.execute(tx);
}

/** The seats stream read under its lock, in the caller's transaction: for a decision appended beside another (`besideSeats`). */
export async function lockedSeats(tx: Kysely<any>, deps: Pick<PurchasesDeps, 'store'>, productKey: string) {
  await lockSeats(tx, productKey);
  return { productKey, ...(await loadState(deps, seatsDecider, seatsStreamOf(productKey), tx as unknown as Tx)) };
}

export type LockedSeats = Awaited<ReturnType<typeof lockedSeats>>;

/** Appends a seats decision in the caller's transaction, at the version `lockedSeats` read (nobody else can have moved it). */
export async function besideSeats(tx: Kysely<any>, deps: Pick<PurchasesDeps, 'store'>, seats: LockedSeats, command: SeatCommand, metadata?: EventMetadata): Promise<RecordedEvent[]> {
  const events = seatsDecider.decide(command, seats.state);
  if (events.length === 0) return [];
  return appendAlongside(deps.store, tx as never, { id: seatsStreamOf(seats.productKey), version: seats.version, state: seats.state }, events, seatsDecider, metadata);
}

export type SeatCounts = { capacity: number | null; sold: number; held: number; free: number | null };

/** Seat holds, taken seats and releases: each a command on the product's seats stream, in a transaction of its own. */
export function seatHandlers(deps: PurchasesDeps) {
  const now = () => deps.clock().toISOString();

  /** The purchases paid and still giving access: what a product sold before it had seats to count. */
  const paidSales = async (db: Kysely<any>, productKey: string) => (await db.selectFrom('purchases').select(['purchase_id', 'user_id'])
    .where('product_key', '=', productKey).where('status', '=', 'paid').orderBy('purchase_id').execute() as { purchase_id: string; user_id: string }[])
    .map((r) => ({ purchaseId: r.purchase_id, userId: r.user_id }));

  async function run(productKey: string, command: SeatCommand, metadata?: EventMetadata) {
    const { adopted, decided } = await deps.db.transaction().execute(async (tx) => {
      await lockSeats(tx, productKey);
      // The first hold of a product opens its seats stream: the sales made before it had a capacity take their seats first.
      const first = command.type === 'HoldSeat' && (await loadState(deps, seatsDecider, seatsStreamOf(productKey), tx as unknown as Tx)).version === 0;
      const adopted = first
        ? (await handleCommand(deps, seatsDecider, seatsStreamOf(productKey), { type: 'AdoptSales', productKey, sales: await paidSales(tx, productKey), at: now() }, { tx, metadata })).recorded
        : [];
      return {
        adopted,
        decided: await handleCommand(deps, seatsDecider, seatsStreamOf(productKey), command, {
          tx, metadata,
          outbox: (events) => events.flatMap((e) => (e.type === 'SeatHeld'
            ? [{ topic: SEAT_EXPIRY_TOPIC, dedupeKey: `seat-expiry:${e.data.purchaseId}:${e.data.heldAt}`, payload: { productKey }, notBefore: new Date(e.data.expiresAt) }] : [])),
        }),
      };
    });
    await deps.store.committed([...adopted, ...decided.recorded]);
    return decided;
  }

  const stateOf = async (productKey: string): Promise<SeatsState> => (await loadState(deps, seatsDecider, seatsStreamOf(productKey))).state;

  return {
    /** Holds a seat for a checkout until `expiresAt`; refuses `sold-out` when none is free. Replaces the buyer's other hold. */
    hold: (input: { productKey: string; purchaseId: string; userId: string; capacity: number; expiresAt: string }, metadata?: EventMetadata) =>
      run(input.productKey, { type: 'HoldSeat', ...input, at: now() }, metadata),
    /** Frees a held or taken seat (nothing when the purchase has none). */
    release: (productKey: string, purchaseId: string, reason: SeatReleaseReason, metadata?: EventMetadata) =>
      run(productKey, { type: 'ReleaseSeat', productKey, purchaseId, reason, at: now() }, metadata),
    /**
     * Records as freed every hold of the product past its expiry; returns how many. The count of free seats never
     * waits for it (a hold past its expiry no longer counts), so it may run whenever convenient.
     */
    async sweep(productKey: string, metadata: EventMetadata = { actor: 'seat-sweep' }) {
      return (await run(productKey, { type: 'ReleaseExpired', productKey, at: now() }, metadata)).events.length;
    },
    /** The hold of a purchase (null: none, or its seat taken or freed). */
    async holdOf(productKey: string, purchaseId: string) {
      return (await stateOf(productKey)).holds[purchaseId] ?? null;
    },
    /** A product's seats now: paid, held by open checkouts, free (null: no capacity, so no limit). */
    async seats(productKey: string): Promise<SeatCounts> {
      const product = await deps.ports.products(productKey);
      const capacity = product?.capacity ?? null;
      const { state, version } = await loadState(deps, seatsDecider, seatsStreamOf(productKey));
      // Before its first hold, a product's seats stream is empty: what it sold is its paid purchases.
      const { sold, held } = version === 0 ? { sold: (await paidSales(deps.db, productKey)).length, held: 0 } : counts(state, now());
      return { capacity, sold, held, free: capacity === null ? null : Math.max(0, capacity - sold - held) };
    },
  };
}

export type SeatHandlers = ReturnType<typeof seatHandlers>;
