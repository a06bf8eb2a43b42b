import { sql, type Kysely } from 'kysely';
import type { SharedTables } from '../db/schema.ts';
import { appendInTx, readStreams, type GroupAppend } from './append.ts';
import { APPEND_LOCK, createAnnouncer, horizon, registerAppender, settledPosition } from './horizon.ts';
import { replay } from './replay.ts';
import { toRecorded, type Row } from './rows.ts';
import {
  ConcurrencyError,
  type EventMetadata,
  type ExpectedVersion,
  type NewEvent,
  type OutboxMessage,
  type Projection,
  type RecordedEvent,
  type Tx,
} from './types.ts';

const REBUILD_PAGE = 2000;
const FIRST_ANALYZE = 1000;

export type AppendOptions = {
  /** One metadata for every event, or each event's own, in order. */
  metadata?: EventMetadata | readonly EventMetadata[];
  /** Side effects written in the same transaction; may depend on the recorded events. */
  outbox?: OutboxMessage[] | ((recorded: RecordedEvent[]) => OutboxMessage[]);
  /** Join a transaction the caller already holds (for reading and appending atomically). */
  tx?: Tx;
};

export type AppendResult = { events: RecordedEvent[]; nextVersion: number };

export type EventStore = ReturnType<typeof createEventStore>;

export function createEventStore(db: Kysely<SharedTables>, options: {
  projections?: readonly Projection[];
  /** Called after a commit (never inside it), e.g. to wake the outbox worker or drop cached pages. */
  onCommitted?: (events: RecordedEvent[]) => void;
} = {}) {
  const projections = [...(options.projections ?? [])];
  const announcer = createAnnouncer(db);
  /** This instance learns at once; the others once the announcement has gone out, before the caller is answered. */
  const committed = async (events: RecordedEvent[]) => {
    if (events.length === 0) return;
    keepStatistics(events.length);
    options.onCommitted?.(events);
    await announcer.announce();
  };

  /**
   * Until `events` has been analyzed, PostgreSQL guesses that each stream of a group read (`stream_id = any(…)`)
   * matches 0.5% of the log: 64 streams make a third of it, planned as a parallel sequential scan, many times slower
   * than through the index once analyzed (bench/README.md). Autovacuum analyzes a new table only after its naptime,
   * long after a burst has filled it, so the store analyzes the log itself as its appends double: after 1,000, 2,000,
   * 4,000 … events (each a sampled read of at most 30,000 rows, in the background).
   */
  let analyzeAt = FIRST_ANALYZE;
  let appended = 0;
  function keepStatistics(count: number) {
    appended += count;
    if (appended < analyzeAt) return;
    analyzeAt *= 2;
    void sql`analyze events`.execute(db).catch(() => { /* the next doubling tries again */ });
  }

  /** The stream's version as this transaction sees it now (0 for a stream that does not exist). */
  async function versionOf(tx: Tx, streamId: string) {
    const current = await tx.selectFrom('events').where('stream_id', '=', streamId)
      .select((eb) => eb.fn.max<number | null>('stream_version').as('v')).executeTakeFirst();
    return Number(current?.v ?? 0);
  }

  /**
   * One stream's append, through the one statement that inserts events (append.ts). At a known version the
   * statement checks it; at 'any' (or with nothing to append) the stream is first registered and locked, so the
   * version read stays the stream's until commit.
   */
  async function appendOneInTx(tx: Tx, streamId: string, expected: ExpectedVersion, events: NewEvent[], opts: AppendOptions): Promise<AppendResult> {
    let at: number;
    const registered = expected === 'any' || events.length === 0;
    if (!registered) at = expected as number;
    else {
      await sql`select ${registerAppender(streamId)}`.execute(tx);
      at = await versionOf(tx, streamId);
      if (expected !== 'any' && expected !== at) throw new ConcurrencyError(streamId, expected, at);
      if (events.length === 0) return { events: [], nextVersion: at };
    }
    const [recorded] = await appendInTx(tx, projections, [{ streamId, expected: at, events, metadata: opts.metadata, outbox: opts.outbox }], registered);
    if (!recorded) {
      const seen = await versionOf(tx, streamId);
      throw new ConcurrencyError(streamId, at, seen === at ? -1 : seen);
    }
    return { events: recorded, nextVersion: at + events.length };
  }

  return {
    addProjection(p: Projection) { projections.push(p); },
    get projections(): readonly Projection[] { return projections; },

    /**
     * Appends to one stream if it is still at `expected`; otherwise throws ConcurrencyError
     * and writes nothing. Projections and outbox rows commit with the events or not at all.
     */
    async append(streamId: string, expected: ExpectedVersion, events: NewEvent[], opts: AppendOptions = {}): Promise<AppendResult> {
      try {
        const result = opts.tx
          ? await appendOneInTx(opts.tx, streamId, expected, events, opts)
          : await db.transaction().execute((tx) => appendOneInTx(tx, streamId, expected, events, opts));
        if (!opts.tx) await committed(result.events);
        return result;
      } catch (error) {
        // A rolled-back appender may have held back the settled position of others' commits: wake the followers.
        if (!opts.tx) void announcer.announce();
        throw error;
      }
    },

    /**
     * Appends to several streams in one transaction (the kernel's command groups): reads every stream of
     * `streamIds` in one statement, asks `decide` for the appends (at most one per stream, at the version read),
     * writes them in one statement with their projections and outbox rows, and commits. Answers, per append, its
     * recorded events or null when its stream moved meanwhile (nothing of it written); any other failure rolls the
     * whole group back and throws. The caller then calls `committed` once with all of it: apart, so that a failure
     * there is never mistaken for a rolled-back group.
     */
    async appendGroup(streamIds: readonly string[], decide: (histories: ReadonlyMap<string, RecordedEvent[]>) => GroupAppend[]): Promise<(RecordedEvent[] | null)[]> {
      try {
        return await db.transaction().execute(async (tx) => {
          const appends = decide(await readStreams(tx, streamIds));
          if (new Set(appends.map((a) => a.streamId)).size !== appends.length) throw new Error('a group appends to each stream once');
          return appendInTx(tx, projections, appends);
        });
      } catch (error) {
        void announcer.announce(); // as in append: a rolled-back group may have held back others' commits
        throw error;
      }
    },

    /** Notify listeners of events appended in a caller-held transaction, once it has committed. */
    committed,

    async readStream(streamId: string, tx?: Tx): Promise<RecordedEvent[]> {
      const rows = await (tx ?? db).selectFrom('events').selectAll().where('stream_id', '=', streamId)
        .orderBy('stream_version').execute();
      return (rows as Row[]).map(toRecorded);
    },

    /** The settled position (see horizon.ts): where a follower starts, sure that nothing below it can still appear. */
    lastPosition: () => settledPosition(db),

    /**
     * Events after `afterPosition` up to the settled position, in position order: a reader that goes on from the
     * last one it got never skips an event that was still in flight.
     */
    async readAll(afterPosition = 0, limit = 1000): Promise<RecordedEvent[]> {
      const upTo = await settledPosition(db);
      const rows = await db.selectFrom('events').selectAll().where('position', '>', afterPosition).where('position', '<=', upTo)
        .orderBy('position').limit(limit).execute();
      return (rows as Row[]).map(toRecorded);
    },

    /** Whether a position already drawn may still commit below the last one: a reader up to date now may miss it. */
    heldBack: async () => { const h = await horizon(db); return h.settled < h.last; },

    /** Resolves once the last wake-up for other instances has been sent. */
    announced: () => announcer.settled(),

    /**
     * Empties every read model and replays the whole log through the projections, atomically. Appenders are kept
     * out meanwhile (the lock they hold shared), so the log is read plainly, in pages of REBUILD_PAGE events.
     */
    async rebuildProjections(): Promise<{ events: number }> {
      let count = 0;
      await db.transaction().execute(async (tx) => {
        await sql`select pg_advisory_xact_lock(${APPEND_LOCK})`.execute(tx);
        const tables = [...new Set(projections.flatMap((p) => p.tables))];
        for (const table of tables) await sql`delete from ${sql.table(table)}`.execute(tx);
        let after = 0;
        for (;;) {
          const rows = await tx.selectFrom('events').selectAll().where('position', '>', after)
            .orderBy('position').limit(REBUILD_PAGE).execute();
          if (rows.length === 0) break;
          await replay(tx, projections, (rows as Row[]).map(toRecorded));
          count += rows.length;
          after = Number(rows.at(-1)!.position);
        }
      });
      return { events: count };
    },
  };
}
