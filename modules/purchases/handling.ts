import type { Kysely } from 'kysely';
import type { Database } from '../shared/db/index.ts';
import { ConcurrencyError, type EventMetadata, type EventStore, type OutboxMessage, type RecordedEvent, type Tx } from '../shared/events/index.ts';
import { decideOwnership, evolveOwnership, initialOwnership, ownershipStreamOf, type OwnershipEvent } from './ownership.ts';
import {
  decide, evolve, initialState, streamOf,
  type CompletePurchase, type PurchaseCommand, type PurchaseCompleted, type PurchaseEvent, type PurchaseState,
} from './purchase.ts';

/** A command as callers give it: who already owns the product is filled in here, from the ownership stream. */
export type HandledCommand = Exclude<PurchaseCommand, CompletePurchase> | Omit<CompletePurchase, 'ownedThrough'>;

export type HandleOptions = {
  metadata?: EventMetadata;
  /** Side effects of the decided events, prepared before the transaction (lookups must not queue behind it on PGlite). */
  outbox?: (events: PurchaseEvent[]) => OutboxMessage[];
};

export type Handled = { events: RecordedEvent[]; state: PurchaseState };

/** The one load → decide → append path of the purchases module. */
export function purchaseHandling(deps: { db: Kysely<Database>; store: EventStore }) {
  async function load(purchaseId: string, tx?: Tx): Promise<{ state: PurchaseState; version: number }> {
    const events = await deps.store.readStream(streamOf(purchaseId), tx);
    const state = events.reduce((s, e) => evolve(s, e as RecordedEvent & PurchaseEvent), initialState());
    return { state, version: events.length === 0 ? 0 : events[events.length - 1]!.streamVersion };
  }

  async function loadOwnership(userId: string, productKey: string, tx: Tx) {
    const events = await deps.store.readStream(ownershipStreamOf(userId, productKey), tx);
    let state = events.reduce((s, e) => evolveOwnership(s, e as RecordedEvent & OwnershipEvent), initialOwnership());
    if (events.length === 0) {
      // Purchases paid before ownership streams existed own their product too.
      const earlier = await tx.selectFrom('purchases').select('purchase_id').where('user_id', '=', userId)
        .where('product_key', '=', productKey).where('status', '=', 'paid').orderBy('paid_at').executeTakeFirst();
      state = { owner: earlier?.purchase_id ?? null };
    }
    return { state, version: events.length === 0 ? 0 : events[events.length - 1]!.streamVersion };
  }

  /**
   * Decides and appends inside `tx`. A payment also claims the buyer's ownership stream at the version it read,
   * so a concurrent payment for the same product fails its append instead of owning the product a second time.
   */
  async function decideAndAppend(tx: Tx, purchaseId: string, command: HandledCommand, opts: HandleOptions): Promise<Handled> {
    const { state, version } = await load(purchaseId, tx);
    let decided: PurchaseCommand;
    let ownership: Awaited<ReturnType<typeof loadOwnership>> | null = null;
    if (command.type === 'CompletePurchase') {
      ownership = await loadOwnership(command.payment.userId, command.payment.productKey, tx);
      decided = { ...command, ownedThrough: ownership.state.owner };
    } else {
      decided = command;
    }
    const events = decide(decided, state);
    if (events.length === 0) return { events: [], state };
    const metadata = opts.metadata ?? {};
    const recorded = [...(await deps.store.append(streamOf(purchaseId), version, events, { tx, metadata, outbox: opts.outbox?.(events) ?? [] })).events];
    const completed = events.find((e): e is PurchaseCompleted => e.type === 'PurchaseCompleted');
    if (completed && ownership) {
      const { userId, productKey, paidAt } = completed.data;
      const claims = decideOwnership({ type: 'ClaimOwnership', userId, productKey, purchaseId, at: paidAt }, ownership.state);
      recorded.push(...(await deps.store.append(ownershipStreamOf(userId, productKey), ownership.version, claims, { tx, metadata })).events);
    }
    return { events: recorded, state: events.reduce(evolve, state) };
  }

  /** In its own transaction; on a concurrent writer, decides again on the new state. */
  async function handle(purchaseId: string, command: HandledCommand, opts: HandleOptions = {}): Promise<Handled> {
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await deps.db.transaction().execute((tx) => decideAndAppend(tx, purchaseId, command, opts));
        deps.store.committed(result.events);
        return result;
      } catch (error) {
        if (error instanceof ConcurrencyError && attempt < 8) continue;
        throw error;
      }
    }
  }

  return { load, handle, decideAndAppend };
}
