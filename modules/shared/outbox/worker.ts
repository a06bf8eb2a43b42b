import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { SharedTables } from '../db/schema.ts';
import { groupCommit } from '../group-commit/index.ts';
import { systemClock, type Clock } from '../kernel/decider.ts';

/**
 * `claimToken` names this attempt's claim: a handler that must commit something only while the claim holds checks it.
 * A handler answers `'done'` when it has itself marked the row done (status, done_at, claimed_until and last_error as
 * the worker sets them, and only while the claim is ours), in the statement that commits its own bookkeeping.
 */
export type OutboxHandler = (payload: unknown, message: { id: number; topic: string; attempts: number; claimToken: string }) => Promise<void | 'done'>;

export type OutboxLogger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export type OutboxWorkerOptions = {
  handlers: Record<string, OutboxHandler>;
  log?: OutboxLogger;
  /** How long a claim lasts before another worker may take the message again. */
  leaseMs?: number;
  /** Give up after this many attempts (default: no limit, `giveUpAfterMs` decides). */
  maxAttempts?: number;
  /** Give up on a message this long after it was written (default 72 hours, as an MTA keeps a queued message). */
  giveUpAfterMs?: number;
  /** Delay before retry n (1-based). */
  backoffMs?: (attempt: number) => number;
  batchSize?: number;
  /** Messages of a claimed batch delivered at once (default 1: one after another). */
  concurrency?: number;
  idlePollMs?: number;
  /** How long `stop()` waits for the message in hand before it returns anyway (default 5 s). */
  stopTimeoutMs?: number;
  /** Deliver only these topics (a lane of its own, e.g. campaign mail)… */
  topics?: readonly string[];
  /** …or every topic but these, so transactional mail never queues behind a campaign. */
  exceptTopics?: readonly string[];
  /** When a failed message is tried next is reckoned from this clock (the system clock by default). */
  clock?: Clock;
};

/** 1 s, 2 s, 4 s … capped at 10 minutes: a relay that is down for hours is tried every 10 minutes, never in a tight loop. */
export const defaultBackoff = (attempt: number) => Math.min(1000 * 2 ** (attempt - 1), 10 * 60_000);

/**
 * Delivers outbox rows. A row is claimed in a short transaction (FOR UPDATE SKIP LOCKED plus a lease),
 * handled outside any transaction, then marked done only if the claim is still ours,
 * so two workers never both finish one message and a crash mid-send only delays it.
 */
export function createOutboxWorker(db: Kysely<SharedTables>, options: OutboxWorkerOptions) {
  const leaseMs = options.leaseMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? Number.POSITIVE_INFINITY;
  const giveUpAfterMs = options.giveUpAfterMs ?? 72 * 3600_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 5000;
  const backoff = options.backoffMs ?? defaultBackoff;
  const batchSize = options.batchSize ?? 10;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const idlePollMs = options.idlePollMs ?? 2000;
  const clock = options.clock ?? systemClock;
  let running = false;
  // Set by stop(): a pass in progress hands back the rest of its batch instead of delivering it.
  let stopping = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;

  /** One statement (no transaction round trips): the due rows are locked, skipping those another worker holds, and leased to us. */
  async function claim() {
    const token = randomUUID();
    const due = db.selectFrom('outbox').select(['id'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', sql<Date>`now()`)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', sql<Date>`now()`)]))
      .$if(options.topics !== undefined, (q) => q.where('topic', 'in', [...options.topics!, '']))
      .$if((options.exceptTopics?.length ?? 0) > 0, (q) => q.where('topic', 'not in', [...options.exceptTopics!]))
      .orderBy('id').limit(batchSize).forUpdate().skipLocked();
    // `= any(array(…))` runs the locking sub-select once, as a plain `in (…)` may not.
    const rows = await db.updateTable('outbox')
      .set({ claim_token: token, claimed_until: sql`now() + ${sql.lit(`${leaseMs} milliseconds`)}::interval`, attempts: sql`attempts + 1` })
      .where(sql<boolean>`id = any(array(${due}))`)
      .returning(['id', 'topic', 'payload', 'attempts', 'claim_token', 'created_at', 'not_before']).execute();
    return rows.sort((a, b) => a.id - b.id);
  }

  type Claimed = Awaited<ReturnType<typeof claim>>[number];

  /**
   * Renews the lease of a batch's rows not yet delivered, in one statement, once a tenth of the lease has passed
   * since the claim or the last renewal: a message that waited in its batch behind slow ones starts with at least
   * nine tenths of a lease, never still being sent when its first lease runs out and another worker takes it.
   * Answers the ids still ours (a row missing was taken over: it is skipped).
   */
  async function renew(rows: Claimed[]): Promise<Set<number>> {
    const renewed = await db.updateTable('outbox').set({ claimed_until: sql`now() + ${sql.lit(`${leaseMs} milliseconds`)}::interval` })
      .where('id', 'in', rows.map((r) => r.id)).where('claim_token', '=', rows[0]!.claim_token).where('status', '=', 'pending')
      .returning('id').execute();
    return new Set(renewed.map((r) => Number(r.id)));
  }

  /** Marks delivered rows done, those finishing at about the same time in one statement; answers which were still ours. */
  const markDone = groupCommit(async (rows: Claimed[]) => {
    const stillOurs = new Set<number>();
    for (const token of new Set(rows.map((r) => r.claim_token))) {
      const done = await db.updateTable('outbox')
        .set({ status: 'done', done_at: sql`now()`, claimed_until: null, last_error: null })
        .where('id', 'in', rows.filter((r) => r.claim_token === token).map((r) => r.id))
        .where('claim_token', '=', token).where('status', '=', 'pending')
        .returning('id').execute();
      for (const d of done) stillOurs.add(Number(d.id));
    }
    return rows.map((r) => stillOurs.has(Number(r.id)));
  });

  /** Hands claimed but unattempted messages back, as if never claimed, so the next start sends them at once. */
  async function release(rows: Claimed[]) {
    if (rows.length === 0) return;
    await db.updateTable('outbox').set({ claimed_until: null, claim_token: null, attempts: sql`attempts - 1` })
      .where('id', 'in', rows.map((r) => r.id)).where('claim_token', '=', rows[0]!.claim_token).where('status', '=', 'pending').execute();
  }

  async function deliver(row: Claimed) {
    const handler = options.handlers[row.topic];
    try {
      if (!handler) throw new Error(`no handler for outbox topic ${row.topic}`);
      const outcome = await handler(row.payload, { id: Number(row.id), topic: row.topic, attempts: row.attempts, claimToken: row.claim_token! });
      if (outcome !== 'done' && !(await markDone(row))) options.log?.warn({ outboxId: row.id }, 'outbox claim lost before completion');
    } catch (error) {
      const nextAttemptAt = new Date(clock().getTime() + backoff(row.attempts));
      // Given up when out of attempts, or when the next try would fall after the message's time is up (counted from
      // when it was first due: a reminder written weeks ahead is not out of time at its first failure).
      const dueSince = Math.max(new Date(row.created_at).getTime(), row.not_before ? new Date(row.not_before).getTime() : 0);
      const failed = row.attempts >= maxAttempts || nextAttemptAt.getTime() > dueSince + giveUpAfterMs;
      await db.updateTable('outbox').set({
        status: failed ? 'failed' : 'pending',
        claimed_until: null,
        last_error: String((error as Error)?.message ?? error).slice(0, 2000),
        next_attempt_at: nextAttemptAt,
      }).where('id', '=', row.id).where('claim_token', '=', row.claim_token).execute();
      // Exactly one line per failed attempt: a warning while it will be retried, an error when given up.
      options.log?.[failed ? 'error' : 'warn']({ outboxId: row.id, topic: row.topic, attempts: row.attempts, nextAttemptAt: failed ? undefined : nextAttemptAt, err: error },
        failed ? 'outbox message failed for good' : 'outbox delivery failed, will retry');
    }
  }

  /** Claims and delivers due messages until none are left; returns how many were attempted. */
  async function drainOnce(): Promise<number> {
    let attempted = 0;
    for (;;) {
      if (stopping) return attempted;
      const batch = await claim();
      if (batch.length === 0) return attempted;
      // Up to `concurrency` deliveries in flight, in claim order; on stop, what none of them has started goes back.
      let next = 0;
      let held = new Set(batch.map((r) => Number(r.id)));
      // Elapsed time on the monotonic timer: how long the batch has been held, not what time it is.
      let renewedAt = performance.now();
      let renewal: Promise<void> | null = null;
      const runners = Array.from({ length: Math.min(concurrency, batch.length) }, async () => {
        while (next < batch.length && !stopping) {
          const row = batch[next++]!;
          if (!renewal && performance.now() - renewedAt > leaseMs / 10) {
            const rest = batch.slice(next - 1);
            renewedAt = performance.now();
            renewal = renew(rest).then((ids) => { held = ids; }).finally(() => { renewal = null; });
          }
          if (renewal) await renewal;
          if (!held.has(Number(row.id))) continue;
          await deliver(row);
          attempted += 1;
        }
      });
      await Promise.all(runners);
      if (next < batch.length) {
        await release(batch.slice(next));
        return attempted;
      }
    }
  }

  async function run() {
    while (running) {
      try {
        await drainOnce();
      } catch (error) {
        options.log?.error({ err: error }, 'outbox worker pass failed');
      }
      if (!running) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, idlePollMs);
      });
      wake = null;
      if (timer) clearTimeout(timer);
    }
  }

  return {
    drainOnce,
    start() {
      if (running) return;
      running = true;
      stopping = false;
      loop = run();
    },
    /** Run a pass now instead of waiting for the next poll. */
    notify() { wake?.(); },
    /**
     * Stops after the message in hand, waiting for it at most `stopTimeoutMs` so a shutdown never hangs on a
     * silent relay. A message still in flight then stays pending: its lease runs out and the next start sends it.
     */
    async stop() {
      running = false;
      stopping = true;
      wake?.();
      const current = loop;
      loop = null;
      if (!current) return;
      let timeout: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        current.then(() => true),
        new Promise<boolean>((resolve) => { timeout = setTimeout(() => resolve(false), stopTimeoutMs); }),
      ]);
      clearTimeout(timeout);
      if (!finished) options.log?.warn({ waitedMs: stopTimeoutMs }, 'outbox worker stopped with a delivery in flight; it stays pending and is retried after its lease');
    },
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
