import { sql, type Kysely } from 'kysely';
import type { SharedTables } from '../db/schema.ts';
import { groupCommit } from '../group-commit/index.ts';
import { EVENTS_CHANNEL } from './follower.ts';

/**
 * Appends commit in parallel (their WAL flushes are grouped), so positions may become visible out of order:
 * position 11 can commit while 10 is still in flight. A reader that moved past 11 would never see 10. The log
 * is therefore read only up to its settled position, below which no transaction still in flight can add an event.
 *
 * Each appending transaction registers itself, before it draws a position, with a shared advisory lock whose key
 * carries the floor: the sequence's last value at that moment, so every position it draws is above it. The lock
 * lives until the transaction ends (after its commit is visible). A reader reads the sequence's last value L first,
 * then the registered floors: the settled position is the lowest of L and the floors. A position at or below it
 * was drawn before L was read, by a transaction registered earlier still: if that one were in flight the reader
 * would have seen its lower floor, so it has ended, and what it committed is visible to the reader's next statement.
 */

/** Appenders hold it shared (never waiting for each other); a rebuild holds it exclusively to keep them out. */
export const APPEND_LOCK = 7_300_001;

/** Floor locks use one-key advisory ids from 2^62 up: nothing else in the application locks that range. */
const FLOOR_KEY = sql`(1::bigint << 62)`;
const LAST_DRAWN = sql`coalesce(pg_sequence_last_value('events_position_seq'), 0)`;

/** Two-key (class, hashtext(stream)) locks: never the one-key ids above, nor purchases' refund class. */
const STREAM_LOCK = 7_300_002;

/**
 * True; evaluated before the transaction draws a position (as a one-time filter or a statement of its own).
 * Besides the shared lock and the floor, one stream's appends queue for each other until commit: an `'any'`
 * append then reads the version it writes after, never one that an append still in flight is about to move.
 */
export const registerAppender = (streamId: string) => sql<boolean>`(select pg_advisory_xact_lock_shared(${APPEND_LOCK}) is not null
  and pg_advisory_xact_lock(${STREAM_LOCK}, hashtext(${streamId})) is not null
  and pg_advisory_xact_lock_shared(${FLOOR_KEY} + ${LAST_DRAWN}) is not null)`;

/**
 * The same registration for a group of streams appended in one statement (the kernel's command groups): every
 * stream's lock, taken in ascending key order so that two groups sharing streams queue instead of deadlocking,
 * between the shared lock and the floor as above. Keys are hashes: two streams may share one, locked once.
 */
export const registerAppenders = (streamIds: readonly string[]) => sql<boolean>`(select pg_advisory_xact_lock_shared(${APPEND_LOCK}) is not null
  and (select count(pg_advisory_xact_lock(${STREAM_LOCK}, k.h) is not null)
       from (select distinct hashtext(s) as h from unnest(${streamIds}::text[]) as s order by h) as k) >= 0
  and pg_advisory_xact_lock_shared(${FLOOR_KEY} + ${LAST_DRAWN}) is not null)`;

/** The highest position such that no event at or below it can still appear (see above); 0 for an empty log. */
export async function settledPosition(db: Kysely<SharedTables>): Promise<number> {
  return (await horizon(db)).settled;
}

/** The settled position and the last position drawn: below `last` but above `settled`, events may still appear. */
export async function horizon(db: Kysely<SharedTables>): Promise<{ settled: number; last: number }> {
  // Two statements, in this order: the last value strictly before the look at who is still in flight.
  const last = Number((await sql<{ last: number }>`select ${LAST_DRAWN} as last`.execute(db)).rows[0]!.last);
  const floors = await sql<{ floor: number | null }>`
    select min(((classid::bigint << 32) | objid::bigint) - ${FLOOR_KEY}) as floor from pg_locks
    where locktype = 'advisory' and objsubid = 1 and classid::bigint >= (1::bigint << 30)
      and database = (select oid from pg_database where datname = current_database())`.execute(db);
  const floor = floors.rows[0]?.floor;
  return { last, settled: floor === null || floor === undefined ? last : Math.min(last, Number(floor)) };
}

/**
 * Wakes the followers of every instance after a commit. NOTIFY inside the appending transaction would make the
 * commits serial again (PostgreSQL holds one lock per database from a notifying transaction's pre-commit to its
 * end, WAL flush included), so it is sent after the commit, on its own, at most one at a time: commits while one
 * is on its way are covered by one more. `announce` resolves once a NOTIFY sent after the call has gone out, so
 * a command answers its caller only after every instance has been told. Each listening backend forwards it when
 * the scheduler lets it, so another instance hears it a moment later (milliseconds; a log-out is refused anywhere
 * from then on). A lost notification (the process dies first) is made up by the followers' poll.
 */
export function createAnnouncer(db: Kysely<SharedTables>) {
  const notify = groupCommit<null, void>(async (callers) => {
    try { await sql`select pg_notify(${EVENTS_CHANNEL}, '')`.execute(db); } catch { /* the poll covers it */ }
    return callers.map(() => undefined);
  });
  let last: Promise<void> = Promise.resolve();
  return {
    announce(): Promise<void> {
      last = notify(null);
      return last;
    },
    /** Resolves when nothing is left to send (tests, shutdown). */
    async settled() { await last; },
  };
}
