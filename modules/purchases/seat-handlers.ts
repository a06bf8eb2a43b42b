import { sql, type Kysely } from 'kysely';
import type { EventMetadata, OutboxMessage, RecordedEvent, Tx } from '../shared/events/index.ts';
import { appendAlongside, handleCommand, loadState } from '../shared/kernel/index.ts';
import { addToOutbox } from '../shared/outbox/index.ts';
import type { PurchasesDeps } from './deps.ts';
import type { ProductForSale } from './ports.ts';
import { seatsDecider, withSalesCounted } from './seats-decider.ts';
import { seatCountsOf, waitlistStatusOf, type SeatCounts, type WaitlistStatus } from './seat-views.ts';
import { DEFAULT_OFFER_HOURS, seatsStreamOf, waitingAt, type Sale, type SeatCommand, type SeatEvent, type SeatPolicy, type SeatReleaseReason, type SeatsState } from './seats.ts';

/**
 * How long a checkout holds its seat, which is also how long its payment page is valid: Stripe Checkout's
 * `expires_at` must lie 30 minutes to 24 hours after the session's creation (Stripe API: checkout.sessions.create),
 * and the session is created a moment after the hold, so one minute more than Stripe's minimum.
 */
export const HOLD_MINUTES = 31;

/** Timed work: at a hold's expiry, the product's expired holds are recorded as freed (so cached "Sold out" pages drop). */
export const SEAT_EXPIRY_TOPIC = 'seat-expiry';

/** Timed work: an offer's mail to the person the waiting list gave a seat to. */
export const WAITLIST_OFFER_TOPIC = 'waitlist-offer';
/** Timed work: at the first session's start the waiting list closes, and any offer still open ends. */
export const WAITLIST_CLOSE_TOPIC = 'waitlist-close';

/** The seats rules of a product as the catalogue has them now (null: no capacity, so no seats and no list). */
export function seatPolicyOf(product: ProductForSale | null): SeatPolicy | null {
  if (!product || product.capacity === null || product.capacity === undefined) return null;
  const first = product.sessions?.[0]?.start ?? product.liveAt;
  return { capacity: product.capacity, offerMinutes: Math.round((product.offerHours ?? DEFAULT_OFFER_HOURS) * 60), firstStart: first.toISOString() };
}

/** The timed rows a seats decision needs: each hold's and offer's expiry, each offer's mail. */
export function seatOutbox(events: readonly { type: string; data: unknown }[], policy?: SeatPolicy): OutboxMessage[] {
  return (events as SeatEvent[]).flatMap((e): OutboxMessage[] => {
    if (e.type === 'WaitlistJoined' && policy?.firstStart) {
      // One row per first start: a start moved later gets its own row, and the old one finds the list not yet due.
      return [{ topic: WAITLIST_CLOSE_TOPIC, dedupeKey: `waitlist-close:${e.data.productKey}:${policy.firstStart}`, payload: { productKey: e.data.productKey }, notBefore: new Date(policy.firstStart) }];
    }
    if (e.type === 'SeatHeld') {
      return [{ topic: SEAT_EXPIRY_TOPIC, dedupeKey: `seat-expiry:${e.data.purchaseId}:${e.data.heldAt}`, payload: { productKey: e.data.productKey }, notBefore: new Date(e.data.expiresAt) }];
    }
    if (e.type === 'SeatOffered') {
      const { productKey, offerId } = e.data;
      return [
        { topic: SEAT_EXPIRY_TOPIC, dedupeKey: `seat-expiry:offer:${productKey}:${offerId}`, payload: { productKey }, notBefore: new Date(e.data.expiresAt) },
        { topic: WAITLIST_OFFER_TOPIC, dedupeKey: `waitlist-offer:${productKey}:${offerId}`, payload: { productKey, offerId, userId: e.data.userId, expiresAt: e.data.expiresAt } },
      ];
    }
    return [];
  });
}

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

/** The access a product gives now: its purchases paid or granted and not ended (seats.ts `CountSales`). */
async function salesOf(db: Kysely<any>, productKey: string): Promise<Sale[]> {
  const rows = await db.selectFrom('purchases').select(['purchase_id', 'user_id'])
    .where('product_key', '=', productKey).where('status', '=', 'paid').orderBy('purchase_id').execute() as { purchase_id: string; user_id: string }[];
  return rows.map((r) => ({ purchaseId: r.purchase_id, userId: r.user_id }));
}

/**
 * The seats stream read under its lock, in the caller's transaction, with the access it had not counted recorded
 * first (`counted`): for a decision appended beside another (`besideSeats`).
 */
export async function lockedSeats(tx: Kysely<any>, deps: Pick<PurchasesDeps, 'store' | 'clock'>, productKey: string) {
  await lockSeats(tx, productKey);
  const read = await loadState(deps, seatsDecider, seatsStreamOf(productKey), tx as unknown as Tx);
  const counting = seatsDecider.decide({ type: 'CountSales', productKey, sales: await salesOf(tx, productKey), at: deps.clock().toISOString() }, read.state);
  if (counting.length === 0) return { productKey, ...read, counted: [] as RecordedEvent[] };
  const counted = await appendAlongside(deps.store, tx as never, { id: seatsStreamOf(productKey), version: read.version, state: read.state }, counting, seatsDecider, { actor: 'seat-count' });
  return { productKey, state: counting.reduce(seatsDecider.evolve, read.state), version: counted.at(-1)!.streamVersion, counted };
}

export type LockedSeats = Awaited<ReturnType<typeof lockedSeats>>;

/**
 * Appends a seats decision in the caller's transaction, at the version `lockedSeats` read (nobody else can have moved
 * it). A seat given back goes to the waiting list in the same decision when the release carries the product's rules
 * (`policy`): the caller looks them up before its transaction, since a lookup inside it waits for a second connection,
 * which on PGlite (one connection) never comes.
 */
export async function besideSeats(tx: Kysely<any>, deps: Pick<PurchasesDeps, 'store'>, seats: LockedSeats, command: SeatCommand, metadata?: EventMetadata): Promise<RecordedEvent[]> {
  const events = seatsDecider.decide(command, seats.state);
  if (events.length === 0) return seats.counted;
  const recorded = await appendAlongside(deps.store, tx as never, { id: seatsStreamOf(seats.productKey), version: seats.version, state: seats.state }, events, seatsDecider, metadata);
  await addToOutbox(tx, seatOutbox(events));
  return [...seats.counted, ...recorded];
}

/** Seat holds, taken seats and releases: each a command on the product's seats stream, in a transaction of its own. */
export function seatHandlers(deps: PurchasesDeps) {
  const now = () => deps.clock().toISOString();

  async function run(productKey: string, command: SeatCommand, metadata?: EventMetadata) {
    const { counted, decided } = await deps.db.transaction().execute(async (tx) => {
      await lockSeats(tx, productKey);
      // What was sold, granted or ended while nobody counted seats is counted before the decision that needs it.
      const counting = { type: 'CountSales' as const, productKey, sales: await salesOf(tx, productKey), at: now() };
      const counted = command.type === 'CountSales' ? [] : (await handleCommand(deps, seatsDecider, seatsStreamOf(productKey), counting, { tx, metadata: { actor: 'seat-count' } })).recorded;
      return {
        counted,
        decided: await handleCommand(deps, seatsDecider, seatsStreamOf(productKey), command, {
          tx, metadata,
          outbox: (events) => seatOutbox(events, 'policy' in command ? command.policy : undefined),
        }),
      };
    });
    await deps.store.committed([...counted, ...decided.recorded]);
    return decided;
  }

  const stateOf = async (productKey: string): Promise<SeatsState> => (await loadState(deps, seatsDecider, seatsStreamOf(productKey))).state;
  const policyOf = async (productKey: string) => seatPolicyOf(await deps.ports.products(productKey));

  /** The product's seats rules and one read of its seats stream, with the access it has not counted yet counted. */
  async function read(productKey: string) {
    const [product, { state }] = await Promise.all([deps.ports.products(productKey), loadState(deps, seatsDecider, seatsStreamOf(productKey))]);
    const policy = seatPolicyOf(product);
    return { policy, state: policy ? withSalesCounted(state, productKey, await salesOf(deps.db, productKey), now()) : state };
  }

  /** Offers every free seat to the waiting list (nothing for a product without seats). */
  async function offerFree(productKey: string, metadata: EventMetadata = { actor: 'waitlist' }) {
    const policy = await policyOf(productKey);
    return policy ? (await run(productKey, { type: 'OfferSeats', productKey, at: now(), policy }, metadata)).events.length : 0;
  }

  return {
    run, policyOf, offerFree,
    /**
     * Holds a seat for a checkout until `expiresAt`; refuses `sold-out` when none is free, or when the free ones are
     * the waiting list's (they are then offered to it). Replaces the buyer's other hold.
     */
    async hold(input: { productKey: string; purchaseId: string; userId: string; capacity: number; expiresAt: string; policy?: SeatPolicy | null }, metadata?: EventMetadata) {
      const { policy, ...hold } = input;
      try {
        return await run(input.productKey, { type: 'HoldSeat', ...hold, ...(policy ? { policy } : {}), at: now() }, metadata);
      } catch (error) {
        // Refused while seats were free: the list was waiting for them, and now gets its offers.
        if (policy && (error as { code?: string }).code === 'sold-out' && waitingAt(await stateOf(input.productKey), now()).length > 0) await offerFree(input.productKey);
        throw error;
      }
    },
    /** Frees a held or taken seat (nothing when the purchase has none); the seat goes to the waiting list's next person. */
    async release(productKey: string, purchaseId: string, reason: SeatReleaseReason, metadata?: EventMetadata) {
      const policy = await policyOf(productKey);
      return run(productKey, { type: 'ReleaseSeat', productKey, purchaseId, reason, at: now(), ...(policy ? { policy } : {}) }, metadata);
    },
    /**
     * Records as ended every hold and offer of the product past its expiry, and offers the seats they free; returns
     * how many events that made. The count of free seats never waits for it (a hold past its expiry no longer counts).
     */
    async sweep(productKey: string, metadata: EventMetadata = { actor: 'seat-sweep' }) {
      const policy = await policyOf(productKey);
      return (await run(productKey, { type: 'ReleaseExpired', productKey, at: now(), ...(policy ? { policy } : {}) }, metadata)).events.length;
    },
    /** The hold of a purchase (null: none, or its seat taken or freed). */
    async holdOf(productKey: string, purchaseId: string) {
      return (await stateOf(productKey)).holds[purchaseId] ?? null;
    },
    /** A product's seats now: paid, held by open checkouts, free (null: no capacity, so no limit). */
    async seats(productKey: string): Promise<SeatCounts> {
      const { policy, state } = await read(productKey);
      return seatCountsOf(state, policy, now());
    },
    /**
     * A product page's seats and the caller's place on its waiting list (null: no capacity, so no list; `userId` null:
     * a visitor), from one read of the seats stream.
     */
    async seatsAndWaitlist(productKey: string, userId: string | null): Promise<{ seats: SeatCounts; waitlist: WaitlistStatus | null }> {
      const { policy, state } = await read(productKey);
      const at = now();
      return { seats: seatCountsOf(state, policy, at), waitlist: policy ? waitlistStatusOf(state, policy, userId, at) : null };
    },
  };
}

export type SeatHandlers = ReturnType<typeof seatHandlers>;
