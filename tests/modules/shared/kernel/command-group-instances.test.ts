import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createEventStore, type Projection, type Tx } from '../../../../modules/shared/events/index.ts';
import { handleCommand } from '../../../../modules/shared/kernel/index.ts';
import { counter } from '../../../support/counter.ts';
import { backends, onPostgres, useTwoConnections } from '../../../support/databases.ts';

/** Command groups (modules/shared/kernel/command-group.ts) beside other writers and another instance, on PostgreSQL. */
const postgres = backends.find((b) => b.name === 'postgres');

describe.skipIf(!postgres)(onPostgres('groups of two instances on one PostgreSQL'), () => {
  const instances = useTwoConnections();

  /**
   * One store per connection, as two instances have, each recording its failed groups: a deadlock would not show in
   * the outcome (a failed group's commands run again alone), only here.
   */
  function twoInstancesWatched() {
    const { first: handle, second } = instances;
    const one = { db: handle.db, store: createEventStore(handle.db) };
    const two = { db: second.db, store: createEventStore(second.db) };
    const failures: unknown[] = [];
    for (const { store } of [one, two]) {
      const appendGroup = store.appendGroup.bind(store);
      store.appendGroup = (ids, decide) => appendGroup(ids, decide).catch((error: unknown) => { failures.push(error); throw error; });
    }
    return { one, two, failures };
  }

  it('given a group still in flight, when a later append commits, then readers stop below the group until it commits (the settled position)', async () => {
    const { first: handle, second } = instances;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const inFlight = new Promise<void>((resolve) => (reached = resolve));
    // Holds the group's transaction open after its insert drew positions.
    const slow: Projection = { name: 'test-slow', tables: [], async apply() { reached(); await gate; } };
    const grouped = { db: handle.db, store: createEventStore(handle.db, { projections: [slow] }) };
    const other = createEventStore(second.db);
    const start = await other.lastPosition();
    const group = Promise.all(['flight-a', 'flight-b'].map((id) => handleCommand(grouped, counter, id, { type: 'Add' })));
    await inFlight;
    const later = await other.append('flight-later', 0, [{ type: 'Later', data: {} }]);
    expect(await other.readAll(start, 100)).toEqual([]);
    expect(await other.lastPosition()).toBeLessThan(later.events[0]!.position);
    release();
    const answers = await group;
    const read = await other.readAll(start, 100);
    expect(read.map((e) => e.streamId)).toEqual(['flight-a', 'flight-b', 'flight-later']);
    expect(read.slice(0, 2).map((e) => e.position)).toEqual(answers.map((a) => a.recorded[0]!.position));
  });

  it('given two instances whose groups hold the same two streams in opposite orders, when both wait for a third writer, then they take the locks in one order and none deadlocks', async () => {
    const { first: handle } = instances;
    const { one, two, failures } = twoInstancesWatched();
    // `low` has the lower lock key: a writer holding it keeps both groups waiting before their insert goes on.
    const keys = await sql<{ id: string }>`select id from unnest(${['lock-a', 'lock-b']}::text[]) as id order by hashtext(id)`.execute(handle.db);
    const [low, high] = keys.rows.map((r) => r.id) as [string, string];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const holds = new Promise<void>((resolve) => (holding = resolve));
    const writer = handle.db.transaction().execute(async (tx) => {
      await one.store.append(low, 0, [{ type: 'Added', data: { n: 1 } }], { tx: tx as unknown as Tx });
      holding();
      await held;
    });
    await holds;
    const waiting = () => sql<{ n: number }>`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`.execute(handle.db);
    const commands = [
      handleCommand(one, counter, low, { type: 'Add' }), handleCommand(one, counter, high, { type: 'Add' }),
      handleCommand(two, counter, high, { type: 'Add' }), handleCommand(two, counter, low, { type: 'Add' }),
    ];
    await expect.poll(async () => (await waiting()).rows[0]!.n).toBe(2);
    release();
    await writer;
    await Promise.all(commands);
    expect(failures).toEqual([]);
    expect((await one.store.readStream(low)).map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3]);
    expect((await one.store.readStream(high)).map((e) => (e.data as { n: number }).n)).toEqual([1, 2]);
  });

  it('given two instances appending to the same streams in opposite orders, when their groups overlap, then none deadlocks and every command is recorded once, in turn', async () => {
    const { one, two, failures } = twoInstancesWatched();
    const streams = Array.from({ length: 12 }, (_, i) => `shared-${i}`);
    const rounds = 5;
    const run = (deps: typeof one, order: string[]) => Promise.all(Array.from({ length: rounds }, () =>
      Promise.all(order.map((id) => handleCommand(deps, counter, id, { type: 'Add' })))));
    await Promise.all([run(one, streams), run(two, [...streams].reverse())]);
    expect(failures).toEqual([]);
    for (const id of streams) {
      const events = await one.store.readStream(id);
      expect(events.map((e) => (e.data as { n: number }).n)).toEqual(Array.from({ length: 2 * rounds }, (_, i) => i + 1));
    }
  });
});
