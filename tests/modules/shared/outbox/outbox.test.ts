import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEventStore } from '../../../../modules/shared/events/index.ts';
import { createOutboxWorker } from '../../../../modules/shared/outbox/index.ts';
import { backends, openMigrated } from '../../../support/databases.ts';

describe.each(backends)('outbox worker on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  const enqueue = (n: number) => createEventStore(handle.db).append('s', 'any', [{ type: 'E', data: {} }], {
    outbox: Array.from({ length: n }, (_, i) => ({ topic: 'mail', dedupeKey: `m${i}`, payload: { n: i } })),
  });

  it('delivers each message once and marks it done', async () => {
    await enqueue(3);
    const seen: unknown[] = [];
    const worker = createOutboxWorker(handle.db, { handlers: { mail: async (p) => { seen.push(p); } } });
    expect(await worker.drainOnce()).toBe(3);
    expect(await worker.drainOnce()).toBe(0);
    expect(seen).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
    const rows = await handle.db.selectFrom('outbox').select(['status', 'attempts', 'done_at']).execute();
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1 && r.done_at !== null)).toBe(true);
  });

  it('retries a failed delivery until it succeeds, and gives up after the last attempt', async () => {
    await enqueue(1);
    let calls = 0;
    const worker = createOutboxWorker(handle.db, {
      maxAttempts: 3,
      backoffMs: () => 0,
      handlers: { mail: async () => { calls += 1; if (calls < 3) throw new Error(`smtp down ${calls}`); } },
    });
    await worker.drainOnce();
    const row = await handle.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect([row.status, row.attempts, calls, row.last_error]).toEqual(['done', 3, 3, null]);

    await createEventStore(handle.db).append('t2', 'any', [{ type: 'E', data: {} }], { outbox: [{ topic: 'mail', dedupeKey: 'doomed', payload: {} }] });
    const failing = createOutboxWorker(handle.db, { maxAttempts: 2, backoffMs: () => 0, handlers: { mail: async () => { throw new Error('no'); } } });
    await failing.drainOnce();
    await failing.drainOnce();
    const doomed = await handle.db.selectFrom('outbox').selectAll().where('dedupe_key', '=', 'doomed').executeTakeFirstOrThrow();
    expect([doomed.status, doomed.attempts, doomed.last_error]).toEqual(['failed', 2, 'no']);
  });

  it('waits for the back-off before trying again', async () => {
    await enqueue(1);
    let calls = 0;
    const worker = createOutboxWorker(handle.db, { backoffMs: () => 60_000, handlers: { mail: async () => { calls += 1; throw new Error('later'); } } });
    await worker.drainOnce();
    await worker.drainOnce();
    expect(calls).toBe(1);
    const row = await handle.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect([row.status, row.last_error]).toEqual(['pending', 'later']);
    expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 30_000);
  });

  it('never delivers a message twice when several workers run at once', async () => {
    await enqueue(30);
    const deliveries = new Map<number, number>();
    const handler = async (p: unknown) => {
      const n = (p as { n: number }).n;
      deliveries.set(n, (deliveries.get(n) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 2));
    };
    const workers = Array.from({ length: 4 }, () => createOutboxWorker(handle.db, { batchSize: 3, handlers: { mail: handler } }));
    await Promise.all(workers.map((w) => w.drainOnce()));
    expect(deliveries.size).toBe(30);
    expect([...deliveries.values()].every((c) => c === 1)).toBe(true);
  });

  it('delivers in the background once started and stops cleanly', async () => {
    const worker = createOutboxWorker(handle.db, { idlePollMs: 50, handlers: { mail: async () => {} } });
    worker.start();
    await enqueue(2);
    worker.notify();
    const done = async () => (await handle.db.selectFrom('outbox').select('id').where('status', '=', 'done').execute()).length;
    await expect.poll(done, { timeout: 5000 }).toBe(2);
    await worker.stop();
  });

  it('gives up on a message only once it is 72 hours old, however many attempts that took', async () => {
    await enqueue(2);
    await sql`update outbox set created_at = now() - interval '71 hours 59 minutes' where dedupe_key = 'm0'`.execute(handle.db);
    await sql`update outbox set created_at = now() - interval '72 hours 1 minute' where dedupe_key = 'm1'`.execute(handle.db);
    const worker = createOutboxWorker(handle.db, { backoffMs: () => 60_000, handlers: { mail: async () => { throw new Error('relay down'); } } });
    await worker.drainOnce();
    const rows = await handle.db.selectFrom('outbox').select(['dedupe_key', 'status']).orderBy('id').execute();
    // m0 still has a minute, but its next try would fall after 72 h: given up, like m1.
    expect(rows).toEqual([{ dedupe_key: 'm0', status: 'failed' }, { dedupe_key: 'm1', status: 'failed' }]);
    await enqueue(3);
    await sql`update outbox set created_at = now() - interval '71 hours' where dedupe_key = 'm2'`.execute(handle.db);
    await worker.drainOnce();
    expect((await handle.db.selectFrom('outbox').select('status').where('dedupe_key', '=', 'm2').executeTakeFirstOrThrow()).status).toBe('pending');
  });

  it('on stop, hands back the messages of its batch it has not tried, so the next start sends them at once', async () => {
    await enqueue(3);
    let release: () => void = () => {};
    const seen: unknown[] = [];
    const worker = createOutboxWorker(handle.db, { idlePollMs: 50, handlers: { mail: async (p) => { seen.push(p); await new Promise<void>((r) => { release = r; }); } } });
    worker.start();
    while (seen.length === 0) await new Promise((r) => setTimeout(r, 10));
    const stopped = worker.stop();
    release();
    await stopped;
    expect(seen).toEqual([{ n: 0 }]);
    const rows = await handle.db.selectFrom('outbox').select(['status', 'attempts', 'claimed_until']).orderBy('id').execute();
    expect(rows).toEqual([
      { status: 'done', attempts: 1, claimed_until: null },
      { status: 'pending', attempts: 0, claimed_until: null },
      { status: 'pending', attempts: 0, claimed_until: null },
    ]);
    const next = createOutboxWorker(handle.db, { handlers: { mail: async (p) => { seen.push(p); } } });
    expect(await next.drainOnce()).toBe(2);
    expect(seen).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
  });

  it('renews the lease of a batch still waiting behind slow deliveries, so another worker never takes one of them', { timeout: 30_000 }, async () => {
    await enqueue(4);
    const seen: string[] = [];
    // Each delivery outlasts half the lease: without renewal the last ones would be free to claim before their turn.
    // A lease of seconds, not a few hundred milliseconds: on a loaded machine the claim's own answer can take longer
    // than that to reach the worker, and the lease would run out before the first delivery began.
    const slow = (who: string) => async (p: unknown) => { seen.push(`${who}:${(p as { n: number }).n}`); await new Promise((r) => setTimeout(r, 800)); };
    const a = createOutboxWorker(handle.db, { leaseMs: 1500, batchSize: 4, handlers: { mail: slow('a') } });
    const b = createOutboxWorker(handle.db, { leaseMs: 1500, batchSize: 4, idlePollMs: 20, handlers: { mail: slow('b') } });
    const draining = a.drainOnce();
    b.start();
    await draining;
    await b.stop();
    expect(seen).toEqual(['a:0', 'a:1', 'a:2', 'a:3']);
    const rows = await handle.db.selectFrom('outbox').select(['status', 'attempts']).execute();
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  });
});
