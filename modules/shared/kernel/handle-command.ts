import type { Kysely, Transaction } from 'kysely';
import type { SharedTables } from '../db/schema.ts';
import type { EventStore } from '../events/store.ts';
import { ConcurrencyError, type EventMetadata, type NewEvent, type OutboxMessage, type RecordedEvent, type Tx } from '../events/types.ts';
import { inGroup, MAX_ATTEMPTS } from './command-group.ts';
import { fold, type Decider } from './decider.ts';

/** The database (typed with the module's own tables, `Own`) and the event store a command runs against. */
export type CommandDeps<Own = unknown> = { db: Kysely<SharedTables & Own>; store: EventStore };
type OwnTx<Own> = Transaction<SharedTables & Own>;

export type Decided<E extends NewEvent, S> = {
  /** Events recorded by this command (on its stream and, through `alongside`, on others). */
  recorded: RecordedEvent[];
  /** The events the decider returned; empty when the command changed nothing. */
  events: E[];
  /** The stream's state after them. */
  state: S;
};

export type CommandOptions<C, E extends NewEvent, S, Own = unknown> = {
  metadata?: EventMetadata;
  /** Side effects of the decided events (mail), written to the outbox in the same transaction. */
  outbox?: (events: E[], state: S) => OutboxMessage[];
  /**
   * Reads inside the transaction before deciding, to complete the command (e.g. who already owns the
   * product): whatever it reads commits or retries together with the append.
   */
  prepare?: (tx: OwnTx<Own>, command: C, state: S) => Promise<C>;
  /** Writes beside the events in the same transaction (personal data kept out of events, another stream's claim). */
  alongside?: (tx: OwnTx<Own>, events: E[], state: S) => Promise<RecordedEvent[] | void>;
  /** Join a transaction the caller holds: no retry here, the caller's transaction retries as a whole. */
  tx?: OwnTx<Own>;
};

async function decideInTx<C, E extends NewEvent, S, Own>(
  deps: CommandDeps<Own>, tx: OwnTx<Own>, decider: Decider<C, E, S>, streamId: string, command: C, opts: CommandOptions<C, E, S, Own>,
): Promise<Decided<E, S>> {
  // The store knows only the shared tables; the module's own are the same transaction.
  const shared = tx as unknown as Tx;
  const history = await deps.store.readStream(streamId, shared);
  const before = fold(decider, history as unknown as E[]);
  const complete = opts.prepare ? await opts.prepare(tx, command, before) : command;
  const events = decider.decide(complete, before);
  if (events.length === 0) return { recorded: [], events, state: before };
  const after = events.reduce(decider.evolve, before);
  const appended = await deps.store.append(streamId, history.length === 0 ? 0 : history.at(-1)!.streamVersion, events, {
    tx: shared, metadata: opts.metadata ?? {}, outbox: opts.outbox?.(events, after) ?? [],
  });
  const beside = (await opts.alongside?.(tx, events, after)) ?? [];
  return { recorded: [...appended.events, ...beside], events, state: after };
}

/**
 * The one way state changes: load the stream, decide, append at the version read, with projections,
 * outbox rows and `alongside` writes in one transaction. When another writer got there first, the
 * command is decided again on the new state, so a rule is never checked against a stale one.
 * A refused command throws the decider's DomainError and writes nothing.
 *
 * Commands that touch only their stream (no `tx`, `prepare` or `alongside`) share a transaction with the
 * commands arriving at the same time (command-group.ts); the others run in one transaction each.
 */
export async function handleCommand<C, E extends NewEvent, S, Own = unknown>(
  deps: CommandDeps<Own>, decider: Decider<C, E, S>, streamId: string, command: C, opts: CommandOptions<C, E, S, Own> = {},
): Promise<Decided<E, S>> {
  if (opts.tx) return decideInTx(deps, opts.tx, decider, streamId, command, opts);
  const alone = () => handleAlone(deps, decider, streamId, command, opts);
  if (!opts.prepare && !opts.alongside) return inGroup(deps.store, decider, streamId, command, opts, alone);
  return alone();
}

/** One command in a transaction of its own, decided again (up to MAX_ATTEMPTS times) when its stream moved. */
async function handleAlone<C, E extends NewEvent, S, Own>(
  deps: CommandDeps<Own>, decider: Decider<C, E, S>, streamId: string, command: C, opts: CommandOptions<C, E, S, Own>,
): Promise<Decided<E, S>> {
  for (let attempt = 1; ; attempt++) {
    try {
      const decided = await deps.db.transaction().execute((tx) => decideInTx(deps, tx, decider, streamId, command, opts));
      await deps.store.committed(decided.recorded);
      return decided;
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
}

/** The current state of a stream, for a query that needs a decider's view (no append). */
export async function loadState<C, E extends NewEvent, S>(deps: Pick<CommandDeps, 'store'>, decider: Decider<C, E, S>, streamId: string, tx?: Tx) {
  const history = await deps.store.readStream(streamId, tx);
  return { state: fold(decider, history as unknown as E[]), version: history.length === 0 ? 0 : history.at(-1)!.streamVersion };
}
