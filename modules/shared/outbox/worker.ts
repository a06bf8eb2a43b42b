import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export type OutboxHandler = (payload: unknown, message: { id: number; topic: string; attempts: number }) => Promise<void>;

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
  maxAttempts?: number;
  /** Delay before retry n (1-based). */
  backoffMs?: (attempt: number) => number;
  batchSize?: number;
  idlePollMs?: number;
};

export const defaultBackoff = (attempt: number) => Math.min(1000 * 2 ** (attempt - 1), 10 * 60_000);

/**
 * Delivers outbox rows. A row is claimed in a short transaction (FOR UPDATE SKIP LOCKED plus a lease),
 * handled outside any transaction, then marked done only if the claim is still ours,
 * so two workers never both finish one message and a crash mid-send only delays it.
 */
export function createOutboxWorker(db: Kysely<Database>, options: OutboxWorkerOptions) {
  const leaseMs = options.leaseMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 8;
  const backoff = options.backoffMs ?? defaultBackoff;
  const batchSize = options.batchSize ?? 10;
  const idlePollMs = options.idlePollMs ?? 2000;
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function claim() {
    const token = randomUUID();
    const rows = await db.transaction().execute(async (tx) => {
      const due = await tx.selectFrom('outbox').select(['id'])
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', sql<Date>`now()`)]))
        .orderBy('id').limit(batchSize).forUpdate().skipLocked().execute();
      if (due.length === 0) return [];
      return tx.updateTable('outbox')
        .set({ claim_token: token, claimed_until: sql`now() + ${sql.lit(`${leaseMs} milliseconds`)}::interval`, attempts: sql`attempts + 1` })
        .where('id', 'in', due.map((d) => d.id))
        .returning(['id', 'topic', 'payload', 'attempts', 'claim_token']).execute();
    });
    return rows.sort((a, b) => a.id - b.id);
  }

  async function deliver(row: { id: number; topic: string; payload: unknown; attempts: number; claim_token: string | null }) {
    const handler = options.handlers[row.topic];
    try {
      if (!handler) throw new Error(`no handler for outbox topic ${row.topic}`);
      await handler(row.payload, { id: Number(row.id), topic: row.topic, attempts: row.attempts });
      const done = await db.updateTable('outbox')
        .set({ status: 'done', done_at: sql`now()`, claimed_until: null, last_error: null })
        .where('id', '=', row.id).where('claim_token', '=', row.claim_token).where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) options.log?.warn({ outboxId: row.id }, 'outbox claim lost before completion');
    } catch (error) {
      const failed = row.attempts >= maxAttempts;
      await db.updateTable('outbox').set({
        status: failed ? 'failed' : 'pending',
        claimed_until: null,
        last_error: String((error as Error)?.message ?? error).slice(0, 2000),
        next_attempt_at: new Date(Date.now() + backoff(row.attempts)),
      }).where('id', '=', row.id).where('claim_token', '=', row.claim_token).execute();
      options.log?.[failed ? 'error' : 'warn']({ outboxId: row.id, topic: row.topic, attempts: row.attempts, err: error },
        failed ? 'outbox message failed for good' : 'outbox delivery failed, will retry');
    }
  }

  /** Claims and delivers due messages until none are left; returns how many were attempted. */
  async function drainOnce(): Promise<number> {
    let attempted = 0;
    for (;;) {
      const batch = await claim();
      if (batch.length === 0) return attempted;
      for (const row of batch) await deliver(row);
      attempted += batch.length;
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
      loop = run();
    },
    /** Run a pass now instead of waiting for the next poll. */
    notify() { wake?.(); },
    /** Finishes the message in hand, then stops. */
    async stop() {
      running = false;
      wake?.();
      await loop;
      loop = null;
    },
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
