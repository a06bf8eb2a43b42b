import { sql } from 'kysely';
import { registerAppender, registerAppenders } from './horizon.ts';
import { replay } from './replay.ts';
import { toRecorded, type Row } from './rows.ts';
import { addToOutbox } from '../outbox/queue.ts';
import { ConcurrencyError, type EventMetadata, type NewEvent, type OutboxMessage, type Projection, type RecordedEvent, type Tx } from './types.ts';

/** One stream's append: its events at the version its history was read at. */
export type GroupAppend = {
  streamId: string;
  /** The stream's version when it was read (0: it did not exist). */
  expected: number;
  events: NewEvent[];
  /** One metadata for every event, or each event's own, in order (the kernel's: each names the users it concerns). */
  metadata?: EventMetadata | readonly EventMetadata[];
  /** Side effects written in the same transaction; may depend on the recorded events. */
  outbox?: OutboxMessage[] | ((recorded: RecordedEvent[]) => OutboxMessage[]);
};

/** The metadata text of an entry's i-th event: one shared text, or each event's own (the same count as its events). */
function metadataOf(a: GroupAppend): (i: number) => string {
  const given = a.metadata;
  if (!Array.isArray(given)) {
    const shared = JSON.stringify(given ?? {});
    return () => shared;
  }
  if (given.length !== a.events.length) throw new Error(`stream ${a.streamId}: ${given.length} metadata for ${a.events.length} events`);
  return (i) => JSON.stringify(given[i] ?? {});
}

/** Every history of `streamIds` in one statement, by stream, in version order (an unknown stream has none). */
export async function readStreams(tx: Tx, streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
  const rows = await sql<Row>`select * from events where stream_id = any(${streamIds}::text[])
    order by stream_id, stream_version`.execute(tx);
  const histories = new Map<string, RecordedEvent[]>(streamIds.map((id) => [id, []]));
  for (const row of rows.rows) histories.get(row.stream_id)!.push(toRecorded(row));
  return histories;
}

/**
 * Which rows are kept, as the statement's filter. One stream (most appends): its version checked once, by a
 * sub-select of constants, before registering; a group: every stream registered, each row's stream checked.
 */
const oneStream = (a: GroupAppend, registered: boolean) => sql<boolean>`(select coalesce(max(e.stream_version), 0) from events e where e.stream_id = ${a.streamId}) = ${a.expected}::integer
      and ${registered ? sql<boolean>`true` : registerAppender(a.streamId)}`;
const manyStreams = (streams: readonly string[]) => sql<boolean>`${registerAppenders([...new Set(streams)])}
      and (select coalesce(max(e.stream_version), 0) from events e where e.stream_id = v.stream_id) = v.expected`;

/**
 * THE statement that inserts events, for one stream or a group of them. Appends to several streams in ONE
 * statement: registering as an appender for all of them (horizon.ts), each row
 * kept only if its stream is still at the version it was read at, then the projections over all of it and one
 * outbox insert. Rows travel as seven arrays, so the statement's text is the same for any group.
 *
 * The version check reads the statement's snapshot, taken before the stream locks were granted: a writer that
 * committed meanwhile is caught by the unique (stream, version) instead, whose row is then skipped (DO NOTHING).
 * An entry whose rows were all skipped answers null (its stream moved: the caller decides it again); one with only
 * some skipped cannot be kept, so it throws (a ConcurrencyError) and the caller's transaction rolls back.
 * Projections then run over all of it (replay.ts: each projection over the whole batch, in log order).
 */
export async function appendInTx(
  tx: Tx, projections: readonly Projection[], appends: readonly GroupAppend[],
  /** The one stream's appender was registered by the caller already (an append at 'any' reads its version first). */
  registered = false,
): Promise<(RecordedEvent[] | null)[]> {
  const rows = appends.flatMap((a, entry) => {
    const each = metadataOf(a);
    return a.events.map((e, i) => ({ entry, stream: a.streamId, version: a.expected + i + 1, type: e.type, data: JSON.stringify(e.data ?? {}), metadata: each(i), expected: a.expected }));
  });
  if (rows.length === 0) return appends.map(() => []);
  const column = <K extends keyof (typeof rows)[number]>(k: K) => rows.map((r) => r[k]);
  // ORDER BY the given order: positions are drawn above the sort, so one stream's events take ascending positions.
  const inserted = await sql<Row>`
    insert into events (stream_id, stream_version, type, data, metadata)
    select v.stream_id, v.stream_version, v.type, v.data::jsonb, v.metadata::jsonb
    from unnest(${column('stream')}::text[], ${column('version')}::integer[], ${column('type')}::text[],
                ${column('data')}::text[], ${column('metadata')}::text[], ${column('expected')}::integer[])
         with ordinality as v(stream_id, stream_version, type, data, metadata, expected, n)
    where ${appends.length === 1 ? oneStream(appends[0]!, registered) : manyStreams(column('stream'))}
    order by v.n
    on conflict on constraint events_stream_version_unique do nothing
    returning *`.execute(tx);

  // Pushed in place: a stream of 5,000 events copied per row would be n × n.
  const byStream = new Map<string, RecordedEvent[]>();
  for (const row of inserted.rows) {
    const recorded = toRecorded(row);
    const got = byStream.get(recorded.streamId);
    if (got) got.push(recorded);
    else byStream.set(recorded.streamId, [recorded]);
  }
  const results = appends.map((a) => {
    const got = (byStream.get(a.streamId) ?? []).sort((x, y) => x.position - y.position);
    if (got.length === 0) return null;
    if (got.length !== a.events.length) throw new ConcurrencyError(a.streamId, a.expected, -1);
    return got;
  });

  const recorded = results.flatMap((r) => r ?? []).sort((a, b) => a.position - b.position);
  if (recorded.length > 0) await replay(tx, projections, recorded);
  await addToOutbox(tx, appends.flatMap((a, i) => {
    const got = results[i];
    if (!got) return [];
    return typeof a.outbox === 'function' ? a.outbox(got) : a.outbox ?? [];
  }));
  return results;
}
