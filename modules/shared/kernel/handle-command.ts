import { sql } from 'kysely';
import type { EventStore } from '../events/store.ts';
import { ConcurrencyError, type EventMetadata, type NewEvent, type RecordedEvent, type Tx } from '../events/types.ts';
import { inGroup, MAX_ATTEMPTS } from './command-group.ts';
import { concernedEach, withConcernsEach, type Concerns } from './concerns.ts';
import { fold, type Decider } from './decider.ts';
import type { CommandDeps, CommandOptions, Decided, OwnTx } from './types.ts';

/**
 * A decision that records nothing, thrown out of the transaction the kernel owns so that whatever `prepare` wrote
 * (a document number taken, modules/shared/numbering) is rolled back rather than committed without its event.
 */
class NothingDecided<E extends NewEvent, S> extends Error {
  readonly decided: Decided<E, S>;
  // No parameter property: scripts run this file with Node's type stripping.
  constructor(decided: Decided<E, S>) {
    super('nothing decided');
    this.decided = decided;
  }
}

let savepoints = 0;

async function decideInTx<C, E extends NewEvent, S, Own>(
  deps: CommandDeps<Own>, tx: OwnTx<Own>, decider: Decider<C, E, S>, streamId: string, command: C, opts: CommandOptions<C, E, S, Own>,
): Promise<Decided<E, S>> {
  // The store knows only the shared tables; the module's own are the same transaction.
  const shared = tx as unknown as Tx;
  const history = await deps.store.readStream(streamId, shared);
  const before = fold(decider, history as unknown as E[]);
  if (opts.prepare && opts.tx) return decideAfterSavepoint(tx, () => decideOn(deps, tx, decider, streamId, history, before, command, opts));
  const decided = await decideOn(deps, tx, decider, streamId, history, before, command, opts);
  if (decided.events.length === 0 && opts.prepare) throw new NothingDecided(decided);
  return decided;
}

/**
 * In a transaction of the caller's, `prepare`'s writes are kept only with an event: a refusal the caller catches, or
 * a decision of nothing, rolls back to a savepoint taken before `prepare` (a number taken goes back to its counter).
 */
async function decideAfterSavepoint<E extends NewEvent, S, Own>(tx: OwnTx<Own>, run: () => Promise<Decided<E, S>>): Promise<Decided<E, S>> {
  const name = sql.id(`kernel_prepare_${++savepoints}`);
  await sql`savepoint ${name}`.execute(tx);
  try {
    const decided = await run();
    if (decided.events.length === 0) await sql`rollback to savepoint ${name}`.execute(tx);
    return decided;
  } catch (error) {
    await sql`rollback to savepoint ${name}`.execute(tx);
    throw error;
  }
}

async function decideOn<C, E extends NewEvent, S, Own>(
  deps: CommandDeps<Own>, tx: OwnTx<Own>, decider: Decider<C, E, S>, streamId: string, history: readonly RecordedEvent[], before: S,
  command: C, opts: CommandOptions<C, E, S, Own>,
): Promise<Decided<E, S>> {
  const shared = tx as unknown as Tx;
  const complete = opts.prepare ? await opts.prepare(tx, command, before) : command;
  const events = decider.decide(complete, before);
  if (events.length === 0) return { recorded: [], events, state: before };
  // One pass: the state after the events, and each event's own users (never the union of the decision's).
  const { after, each } = concernedEach(decider.concerns, decider.evolve, before, events, decider.evolveAll);
  const appended = await deps.store.append(streamId, history.length === 0 ? 0 : history.at(-1)!.streamVersion, events, {
    tx: shared, metadata: withConcernsEach(opts.metadata, each), outbox: opts.outbox?.(events, after) ?? [],
  });
  const beside = (await opts.alongside?.(tx, events, after)) ?? [];
  return { recorded: [...appended.events, ...beside], events, state: after };
}

/**
 * The one way state changes: load the stream, decide, append at the version read, with projections,
 * outbox rows and `alongside` writes in one transaction. When another writer got there first, the
 * command is decided again on the new state, so a rule is never checked against a stale one.
 * A refused command throws the decider's DomainError and writes nothing; so does a decision of no event, even what
 * its `prepare` wrote (a document number is taken there: modules/shared/numbering).
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
      if (error instanceof NothingDecided) return error.decided as Decided<E, S>;
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

/**
 * Appends events decided beside a command, in its transaction (another stream's claim, from the command's
 * `alongside`): at the version read, with the users they concern as declared (`concerns`, with `evolve` when the
 * declaration reads the state). Throws ConcurrencyError when the stream moved: the command is decided again.
 */
export async function appendAlongside<E extends NewEvent, S, Own>(
  store: EventStore, tx: OwnTx<Own>, stream: { id: string; version: number; state: S }, events: E[],
  declared: { concerns: Concerns<E, S>; evolve?: (state: S, event: E) => S; evolveAll?: (state: S, events: readonly E[]) => S }, metadata?: EventMetadata,
): Promise<RecordedEvent[]> {
  const { each } = concernedEach(declared.concerns, declared.evolve ?? ((state) => state), stream.state, events, declared.evolveAll);
  return (await store.append(stream.id, stream.version, events, { tx: tx as unknown as Tx, metadata: withConcernsEach(metadata, each) })).events;
}
