import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres, type DatabaseHandle } from '../../../../modules/shared/db/index.ts';
import { createEventStore, createLogFollower, type EventStore, type Tx } from '../../../../modules/shared/events/index.ts';
import { backends, onPostgres, openMigrated, withoutPostgres } from '../../../support/databases.ts';

/** A transaction held open until the test lets it commit, with what it appended. */
function openAppend(handle: DatabaseHandle, store: EventStore, streamId: string) {
  let commit!: () => void;
  const released = new Promise<void>((resolve) => (commit = resolve));
  let appended!: (position: number) => void;
  const position = new Promise<number>((resolve) => (appended = resolve));
  const done = handle.db.transaction().execute(async (tx) => {
    const { events } = await store.append(streamId, 0, [{ type: 'Held', data: {} }], { tx: tx as unknown as Tx });
    appended(events[0]!.position);
    await released;
  });
  return { position, commit: async () => { commit(); await done; } };
}

// Appends committing out of order need transactions open side by side: PostgreSQL only.
describe.skipIf(withoutPostgres)(onPostgres('reading the log while appends commit out of order on postgres'), () => {
  const backend = backends.find((b) => b.name === 'postgres')!;
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let store: EventStore;
  beforeAll(async () => {
    handle = await openMigrated(backend);
    store = createEventStore(handle.db);
  });
  afterAll(async () => handle?.close());

  it('stops before an event still in flight, and gives everything in position order once it commits', async () => {
    await store.append('before', 0, [{ type: 'Settled', data: {} }]);
    const start = await store.lastPosition();
    const held = openAppend(handle, store, 'held');
    const heldAt = await held.position;
    const later = await store.append('later', 0, [{ type: 'Later', data: {} }]);
    expect(later.events[0]!.position).toBeGreaterThan(heldAt);

    // Committed, but below it a position may still commit: a reader moving past `later` would never see `held`.
    expect((await store.readAll(start, 100)).map((e) => e.streamId)).toEqual([]);
    expect(await store.lastPosition()).toBeLessThan(heldAt);

    await held.commit();
    expect((await store.readAll(start, 100)).map((e) => e.streamId)).toEqual(['held', 'later']);
    expect(await store.lastPosition()).toBe(later.events[0]!.position);
  });
});

describe.each(backends)('following the log on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  /** A second instance on the same database (PostgreSQL); PGlite has one process, so one instance. */
  let other: DatabaseHandle | null = null;
  beforeAll(async () => {
    handle = await openMigrated(backend);
    if (handle.url) other = connectPostgres(handle.url);
  });
  afterAll(async () => {
    await other?.close();
    await handle?.close();
  });

  it('sees every event exactly where it is while two instances append concurrently', async () => {
    const instances = [handle, other ?? handle].map((h) => ({ h, store: createEventStore(h.db) }));
    const follower = createLogFollower({
      readAll: (after, limit) => instances[1]!.store.readAll(after, limit),
      lastPosition: () => instances[1]!.store.lastPosition(),
      listen: instances[1]!.h.listen,
      pollMs: 60_000,
    });
    const seen = new Map<number, string>();
    follower.subscribe((events) => { for (const e of events) seen.set(e.position, `${e.streamId}@${e.streamVersion}`); });
    await follower.start();
    try {
      // Some commands keep their transaction open a little after appending (as a purchase writing its outbox
      // rows does), so positions commit out of order.
      const append = async (i: number) => {
        const { store, h } = instances[i % 2]!;
        const stream = `s-${i % 37}`;
        for (;;) {
          try {
            if (i % 3 === 0) {
              const recorded = await h.db.transaction().execute(async (tx) => {
                const { events } = await store.append(stream, 'any', [{ type: 'Step', data: { i } }], { tx: tx as unknown as Tx });
                await sql`select pg_sleep(${(i % 7) / 1000})`.execute(tx);
                return events;
              });
              store.committed(recorded);
            } else {
              const version = (await store.readStream(stream)).length;
              await store.append(stream, version, [{ type: 'Step', data: { i } }, { type: 'Step', data: { i, second: true } }]);
            }
            return;
          } catch (error) {
            if ((error as Error).name !== 'ConcurrencyError' && !/events_stream_version/.test(String(error))) throw error;
          }
        }
      };
      let next = 0;
      await Promise.all(Array.from({ length: 12 }, async () => { while (next < 300) await append(next++); }));

      const all = await handle.db.selectFrom('events').select(['position', 'stream_id', 'stream_version']).orderBy('position').execute();
      const expected = new Map(all.map((e) => [Number(e.position), `${e.stream_id}@${e.stream_version}`]));
      expect(all.filter((e) => e.stream_id.startsWith('s-')).length).toBeGreaterThanOrEqual(300);
      await expect.poll(() => [...expected].filter(([p]) => !seen.has(p)).length, { timeout: 20_000 }).toBe(0);
      expect(new Map([...seen].filter(([p]) => expected.has(p)))).toEqual(expected);
    } finally {
      await follower.stop();
    }
  });
});
