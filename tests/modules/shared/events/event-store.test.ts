import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError, createEventStore, type Projection } from '../../../../modules/shared/events/index.ts';
import { backends, openMigrated } from '../../../support/databases.ts';

/** A read model used only here: a counter per stream, to exercise projections without a domain module. */
const counters: Projection = {
  name: 'test-counters',
  tables: ['test_counters'],
  async apply(tx, event) {
    if (event.type === 'Fail') throw new Error('projection refused');
    await sql`insert into test_counters (stream_id, count, last_position) values (${event.streamId}, 1, ${event.position})
      on conflict (stream_id) do update set count = test_counters.count + 1, last_position = excluded.last_position`.execute(tx);
  },
};

/** Another, with a batch form for rebuilds: one row per event, written one at a time live and many at a time on rebuild. */
const batchedCalls: number[] = [];
const seen: Projection = {
  name: 'test-seen',
  tables: ['test_seen'],
  async apply(tx, event) {
    await sql`insert into test_seen (position, stream_id, version) values (${event.position}, ${event.streamId}, ${event.streamVersion})`.execute(tx);
  },
  async applyAll(tx, events) {
    batchedCalls.push(events.length);
    await sql`insert into test_seen (position, stream_id, version)
      values ${sql.join(events.map((e) => sql`(${e.position}, ${e.streamId}, ${e.streamVersion})`))}`.execute(tx);
  },
};

describe.each(backends)('event store on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let store: ReturnType<typeof createEventStore>;
  const committed: number[] = [];

  beforeAll(async () => {
    handle = await openMigrated(backend);
    await sql`create table test_counters (stream_id text primary key, count integer not null, last_position bigint not null)`.execute(handle.db);
    await sql`create table test_seen (position bigint primary key, stream_id text not null, version integer not null)`.execute(handle.db);
    store = createEventStore(handle.db, { projections: [counters, seen], onCommitted: (events) => committed.push(...events.map((e) => e.position)) });
  });
  afterAll(async () => handle?.close());

  it('appends to a new stream and reads it back in order with versions', async () => {
    const result = await store.append('order-1', 0, [{ type: 'Opened', data: { a: 1 } }, { type: 'Noted', data: { b: 2 } }], { metadata: { actor: 'u1', requestId: 'r1' } });
    expect(result.nextVersion).toBe(2);
    const events = await store.readStream('order-1');
    expect(events.map((e) => [e.type, e.streamVersion, e.data])).toEqual([['Opened', 1, { a: 1 }], ['Noted', 2, { b: 2 }]]);
    expect(events[0]!.metadata).toEqual({ actor: 'u1', requestId: 'r1' });
    expect(events[0]!.position).toBeLessThan(events[1]!.position);
    expect(committed).toEqual(expect.arrayContaining(events.map((e) => e.position)));
  });

  it('refuses an append at a stale version with a typed error and writes nothing', async () => {
    await store.append('order-2', 0, [{ type: 'Opened', data: {} }]);
    const attempt = store.append('order-2', 0, [{ type: 'Opened', data: {} }]);
    await expect(attempt).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(attempt).rejects.toMatchObject({ streamId: 'order-2', expected: 0, actual: 1 });
    expect(await store.readStream('order-2')).toHaveLength(1);
  });

  it('lets exactly one of many concurrent appends at the same version win', async () => {
    await store.append('race', 0, [{ type: 'Opened', data: {} }]);
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => store.append('race', 1, [{ type: 'Claimed', data: { i } }])));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    expect(await store.readStream('race')).toHaveLength(2);
  });

  it('appends at any version from many at once without a refusal, at consecutive versions', async () => {
    await store.append('anyone', 0, [{ type: 'Opened', data: {} }]);
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) =>
      i % 2 === 0 ? store.append('anyone', 'any', [{ type: 'Noted', data: { i } }]) : store.append('anyone', 1, [{ type: 'Claimed', data: { i } }])));
    const versioned = results.filter((_, i) => i % 2 === 1);
    expect(results.filter((_, i) => i % 2 === 0).every((r) => r.status === 'fulfilled')).toBe(true);
    for (const r of versioned.filter((r) => r.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    const events = await store.readStream('anyone');
    expect(events.map((e) => e.streamVersion)).toEqual(events.map((_, i) => i + 1));
    expect(events.filter((e) => e.type === 'Noted')).toHaveLength(5);
  });

  it('updates read models in the same transaction, and rolls the events back when a projection fails', async () => {
    await store.append('counted', 0, [{ type: 'A', data: {} }, { type: 'B', data: {} }]);
    const row = await sql<{ count: number }>`select count from test_counters where stream_id = 'counted'`.execute(handle.db);
    expect(row.rows[0]!.count).toBe(2);
    await expect(store.append('counted', 2, [{ type: 'C', data: {} }, { type: 'Fail', data: {} }])).rejects.toThrow('projection refused');
    expect(await store.readStream('counted')).toHaveLength(2);
    const after = await sql<{ count: number }>`select count from test_counters where stream_id = 'counted'`.execute(handle.db);
    expect(after.rows[0]!.count).toBe(2);
  });

  it('writes outbox rows with the events, once per dedupe key, and not at all when the append fails', async () => {
    await store.append('mail-1', 0, [{ type: 'Registered', data: {} }], {
      outbox: (recorded) => [{ topic: 'mail', dedupeKey: `welcome:${recorded[0]!.position}`, payload: { to: 'x' } }],
    });
    await store.append('mail-1', 1, [{ type: 'Again', data: {} }], { outbox: [{ topic: 'mail', dedupeKey: 'fixed', payload: 1 }] });
    await store.append('mail-1', 2, [{ type: 'Again', data: {} }], { outbox: [{ topic: 'mail', dedupeKey: 'fixed', payload: 2 }] });
    await expect(store.append('mail-1', 0, [{ type: 'Late', data: {} }], { outbox: [{ topic: 'mail', dedupeKey: 'lost', payload: 3 }] }))
      .rejects.toBeInstanceOf(ConcurrencyError);
    const rows = await handle.db.selectFrom('outbox').select(['dedupe_key', 'payload']).orderBy('id').execute();
    expect(rows.filter((r) => r.dedupe_key === 'fixed')).toEqual([{ dedupe_key: 'fixed', payload: 1 }]);
    expect(rows.some((r) => r.dedupe_key === 'lost')).toBe(false);
    expect(rows.some((r) => r.dedupe_key.startsWith('welcome:'))).toBe(true);
  });

  it('reads the whole log from a position in commit order', async () => {
    await store.append('log-a', 0, [{ type: 'A1', data: {} }, { type: 'A2', data: {} }]);
    await store.append('log-b', 0, [{ type: 'B1', data: {} }]);
    await store.append('log-a', 2, [{ type: 'A3', data: {} }]);
    const all = await store.readAll(0, 10_000);
    const positions = all.map((e) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const mine = all.filter((e) => e.streamId.startsWith('log-'));
    expect(mine.map((e) => e.type)).toEqual(['A1', 'A2', 'B1', 'A3']);
    const tail = await store.readAll(mine[1]!.position, 10_000);
    expect(tail.map((e) => e.type)).toEqual(['B1', 'A3']);
    expect(await store.readAll(mine[3]!.position, 10_000)).toEqual([]);
  });

  it('rebuilds every read model from the log to exactly the live tables', async () => {
    await store.append('rebuilt-a', 0, [{ type: 'A', data: {} }, { type: 'B', data: {} }, { type: 'C', data: {} }]);
    await store.append('rebuilt-b', 0, [{ type: 'A', data: {} }]);
    const live = await sql<{ stream_id: string; count: number }>`select * from test_counters order by stream_id`.execute(handle.db);
    expect(live.rows.filter((r) => r.stream_id.startsWith('rebuilt-')).map((r) => [r.stream_id, r.count])).toEqual([['rebuilt-a', 3], ['rebuilt-b', 1]]);
    await sql`update test_counters set count = 999`.execute(handle.db);
    await sql`delete from test_counters where stream_id = 'rebuilt-b'`.execute(handle.db);
    const liveSeen = await sql`select * from test_seen order by position`.execute(handle.db);
    batchedCalls.length = 0;
    const { events } = await store.rebuildProjections();
    expect(events).toBeGreaterThanOrEqual(4);
    const rebuilt = await sql`select * from test_counters order by stream_id`.execute(handle.db);
    expect(rebuilt.rows).toEqual(live.rows);
    // The batch form ran (once per page, not per event) and left the same rows as the live one-by-one path.
    expect(batchedCalls.reduce((a, b) => a + b, 0)).toBe(events);
    expect(batchedCalls.length).toBeLessThan(events);
    expect((await sql`select * from test_seen order by position`.execute(handle.db)).rows).toEqual(liveSeen.rows);
  });
});
