import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConcurrencyError, createEventStore, type EventStore, type Projection, type RecordedEvent } from '../../../../modules/shared/events/index.ts';
import { DomainError, handleCommand } from '../../../../modules/shared/kernel/index.ts';
import { counter, type Add } from '../../../support/counter.ts';
import { backends, openMigrated } from '../../../support/databases.ts';

/**
 * Group commit of commands (modules/shared/kernel/command-group.ts): concurrent commands on different streams
 * share one transaction. Two instances on PostgreSQL: command-group-instances.test.ts.
 */
/** A read model of the counters; a Poison event breaks its transaction (as a violated constraint would). */
const counts: Projection = {
  name: 'test-group-counts',
  tables: ['test_group_counts'],
  async apply(tx, event) {
    if (event.type === 'Poison') throw new Error('projection refused');
    await sql`insert into test_group_counts (stream_id, n) values (${event.streamId}, ${(event.data as { n: number }).n})
      on conflict (stream_id) do update set n = excluded.n`.execute(tx);
  },
};

describe.each(backends)('commands grouped in one transaction on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let store: EventStore;
  /** The streams of every group written, and the positions announced, in order. */
  let groups: string[][] = [];
  let announced: number[] = [];
  let stale: ((histories: Map<string, RecordedEvent[]>) => void) | null = null;
  let deps: { db: typeof handle.db; store: EventStore };
  let stream = 0;
  const fresh = () => `counter-${++stream}`;

  beforeAll(async () => {
    handle = await openMigrated(backend);
    await sql`create table test_group_counts (stream_id text primary key, n integer not null)`.execute(handle.db);
    store = createEventStore(handle.db, { projections: [counts], onCommitted: (events) => announced.push(...events.map((e) => e.position)) });
    const appendGroup = store.appendGroup.bind(store);
    // Watches each group, and lets a test make a group's read outdated (as a writer slipping in before its insert).
    store.appendGroup = (ids, decide) => {
      groups.push([...ids]);
      return appendGroup(ids, (histories) => {
        const copy = new Map([...histories].map(([id, h]) => [id, [...h]]));
        stale?.(copy);
        return decide(copy);
      });
    };
    deps = { db: handle.db, store };
  });
  beforeEach(() => {
    groups = [];
    announced = [];
    stale = null;
  });
  afterAll(async () => handle?.close());

  const add = (streamId: string, command: Partial<Add> = {}) => handleCommand(deps, counter, streamId, { type: 'Add', ...command });
  const countOf = async (streamId: string) =>
    (await sql<{ n: number }>`select n from test_group_counts where stream_id = ${streamId}`.execute(handle.db)).rows[0]?.n ?? null;

  it('given commands on different streams arriving together, when they run, then they share one group and each is answered after its commit was announced', async () => {
    const streams = [fresh(), fresh(), fresh(), fresh()];
    const answers = await Promise.all(streams.map(async (id) => {
      const decided = await add(id);
      // Answered only now: its events are committed (another connection sees them) and were announced.
      expect(announced).toEqual(expect.arrayContaining(decided.recorded.map((e) => e.position)));
      return decided;
    }));
    expect(groups).toEqual([streams]);
    expect(answers.map((a) => [a.state.n, a.recorded.length, a.recorded[0]!.streamId])).toEqual(streams.map((id) => [1, 1, id]));
    expect(await Promise.all(streams.map(countOf))).toEqual([1, 1, 1, 1]);
  });

  it('given a lone command, when it runs, then it goes alone at once', async () => {
    const id = fresh();
    await add(id);
    expect(groups).toEqual([[id]]);
  });

  it('given commands with prepare, alongside or a transaction of the caller, when they run, then they keep the one-command path', async () => {
    const [a, b, c] = [fresh(), fresh(), fresh()];
    await Promise.all([
      handleCommand(deps, counter, a, { type: 'Add' }, { prepare: async (_tx, command) => command }),
      handleCommand(deps, counter, b, { type: 'Add' }, { alongside: async () => [] }),
      handleMine(c),
    ]);
    expect(groups).toEqual([]);
    expect(await Promise.all([a, b, c].map(countOf))).toEqual([1, 1, 1]);
  });
  const handleMine = (id: string) => handle.db.transaction().execute((tx) => handleCommand(deps, counter, id, { type: 'Add' }, { tx }));

  it('given several commands on one stream at once, when they run, then no group holds two of them and each is decided on the state after the one before', async () => {
    const [one, other] = [fresh(), fresh()];
    const answers = await Promise.all([add(one), add(one), add(other), add(one), add(other)]);
    for (const group of groups) expect(new Set(group).size).toBe(group.length);
    expect(groups.length).toBeGreaterThanOrEqual(3);
    expect(answers.filter((a) => a.recorded[0]!.streamId === one).map((a) => a.state.n).sort()).toEqual([1, 2, 3]);
    const events = await store.readStream(one);
    expect(events.map((e) => [e.streamVersion, (e.data as { n: number }).n])).toEqual([[1, 1], [2, 2], [3, 3]]);
  });

  it('given a command its decider refuses, when it runs in a group, then only it gets the refusal and the others are recorded', async () => {
    const streams = [fresh(), fresh(), fresh()];
    const results = await Promise.allSettled([add(streams[0]!), add(streams[1]!, { refuse: true }), add(streams[2]!)]);
    expect(groups).toEqual([streams]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(DomainError);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'refused' });
    expect(await Promise.all(streams.map(countOf))).toEqual([1, null, 1]);
    expect(await store.readStream(streams[1]!)).toEqual([]);
  });

  it('given a stream that moved after the group read it, when the group appends, then that command is decided again on the new state and the others are kept', async () => {
    const [moved, steady] = [fresh(), fresh()];
    await add(moved);
    groups = [];
    let once = true;
    // The group reads `moved` as if its last event were not there yet: its version check fails.
    stale = (histories) => { if (once && histories.has(moved)) { once = false; histories.get(moved)!.pop(); } };
    const [a, b] = await Promise.all([add(moved), add(steady)]);
    expect(groups).toEqual([[moved, steady], [moved]]);
    expect(a.state.n).toBe(2);
    expect(b.state.n).toBe(1);
    expect((await store.readStream(moved)).map((e) => (e.data as { n: number }).n)).toEqual([1, 2]);
  });

  it('given a stream that keeps moving, when the command has been decided again as often as the one-command path would, then it fails with a ConcurrencyError and writes nothing', async () => {
    const id = fresh();
    await add(id);
    stale = (histories) => { histories.get(id)?.pop(); };
    await expect(add(id)).rejects.toBeInstanceOf(ConcurrencyError);
    expect(groups.filter((g) => g.includes(id))).toHaveLength(9); // the first add, then eight attempts
    expect(await store.readStream(id)).toHaveLength(1);
  });

  it('given a group whose transaction fails (a projection refuses one event), when it rolls back, then each command runs again alone and only the culprit gets the error', async () => {
    const streams = [fresh(), fresh(), fresh()];
    const results = await Promise.allSettled([add(streams[0]!), add(streams[1]!, { poison: true }), add(streams[2]!)]);
    expect(groups).toEqual([streams]); // the group, then each alone on the one-command path (not a group)
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch('projection refused');
    expect(await Promise.all(streams.map(countOf))).toEqual([1, null, 1]);
    expect(await Promise.all(streams.map(async (id) => (await store.readStream(id)).length))).toEqual([1, 0, 1]);
    // Once each: nothing of the rolled-back group was kept.
    for (const r of results.filter((r) => r.status === 'fulfilled')) expect(r.value.recorded).toHaveLength(1);
  });

  it('given a unique violation in the group, when it rolls back, then the commands succeed alone', async () => {
    // Two streams' counters written to one row: a read model with a constraint the group's second insert breaks.
    const [a, b] = [fresh(), fresh()];
    await sql`create unique index test_group_counts_n on test_group_counts (n) where stream_id in (${sql.lit(a)}, ${sql.lit(b)})`.execute(handle.db);
    try {
      const results = await Promise.allSettled([add(a), add(b)]);
      expect(groups).toEqual([[a, b]]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect((await store.readStream(a)).length + (await store.readStream(b)).length).toBe(1);
    } finally {
      await sql`drop index test_group_counts_n`.execute(handle.db);
    }
  });
});
