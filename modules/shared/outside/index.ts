import { sql, type Kysely } from 'kysely';
import type { SharedTables } from '../db/schema.ts';
import { systemClock, type Clock } from '../kernel/index.ts';

/**
 * The outside systems the shop depends on, and one way to say how each call to them went: the module that calls one
 * (mailing: SMTP, purchases: Stripe, invoicing: KSeF, recordings and uploads: S3) wraps the call in `watch`, and the
 * outcome lands in the shared `outside_status` table, so the admin's system page (modules/operations) shows the last
 * success and failure whichever instance made the call.
 */
export const OUTSIDE_SYSTEMS = ['smtp', 'stripe', 'ksef', 's3'] as const;
export type OutsideSystem = (typeof OUTSIDE_SYSTEMS)[number];

export type OutsideStatus = { system: OutsideSystem; lastSuccessAt: Date | null; lastFailureAt: Date | null; lastFailure: string | null };

/** What this instance wrote last for a system: its outcome and when. */
export type LastWrite = { ok: boolean; at: number };

/**
 * Whether an outcome is written: always when it differs from the last one this instance wrote (the page must show a
 * relay that just failed, or came back), otherwise at most once per `everyMs`, so a campaign of thousands of messages
 * costs a write every half minute rather than one per message. A last success is therefore up to `everyMs` old.
 */
export function shouldWrite(last: LastWrite | undefined, ok: boolean, now: number, everyMs: number): boolean {
  return last === undefined || last.ok !== ok || now - last.at >= everyMs;
}

const TOKEN = /^[A-Za-z][A-Za-z0-9_.:-]{0,47}$/;
const STATUS_FIELDS = ['statusCode', 'status', 'httpStatus', 'responseCode'] as const;

/**
 * A failure as a short code safe to keep and show: the error's name and code (identifier-like words only), the HTTP
 * or SMTP status (a number from 100 to 599) and, for KSeF, its reason. Never the message: a relay's refusal quotes the
 * recipient's address, a URL may carry credentials. "error" when nothing of that is there.
 */
export function failureCode(error: unknown): string {
  if (typeof error !== 'object' || error === null) return 'error';
  const e = error as Record<string, unknown> & { $metadata?: { httpStatusCode?: unknown } };
  const words = [e['name'], e['code'], e['reason']].filter((w): w is string => typeof w === 'string' && w !== 'Error' && TOKEN.test(w));
  const statuses = [e.$metadata?.httpStatusCode, ...STATUS_FIELDS.map((f) => e[f])]
    .filter((s): s is number => typeof s === 'number' && Number.isInteger(s) && s >= 100 && s <= 599);
  const parts = [...new Set([...words, ...statuses.slice(0, 1).map(String)])];
  return parts.length > 0 ? parts.join(' ') : 'error';
}

export type OutsideCallsOptions = {
  clock?: Clock;
  /** Writes of the same outcome at most this often per system (shouldWrite); 30 s unless a test says otherwise. */
  everyMs?: number;
  /** A write that failed: the call it records went on regardless. */
  onError?: (error: unknown) => void;
};

export type OutsideCalls = ReturnType<typeof outsideCalls>;

export function outsideCalls(db: Kysely<SharedTables>, options: OutsideCallsOptions = {}) {
  const clock = options.clock ?? systemClock;
  const everyMs = options.everyMs ?? 30_000;
  const written = new Map<OutsideSystem, LastWrite>();
  const pending = new Set<Promise<void>>();

  async function write(system: OutsideSystem, at: Date, failure: string | null) {
    // Later wins whichever instance writes first: the columns only ever move forward.
    const row = failure === null
      ? { system, last_success_at: at }
      : { system, last_failure_at: at, last_failure: failure };
    await db.insertInto('outside_status').values(row).onConflict((c) => c.column('system').doUpdateSet(failure === null
      ? { last_success_at: sql`greatest(outside_status.last_success_at, excluded.last_success_at)` }
      : {
        last_failure: sql`case when outside_status.last_failure_at > excluded.last_failure_at then outside_status.last_failure else excluded.last_failure end`,
        last_failure_at: sql`greatest(outside_status.last_failure_at, excluded.last_failure_at)`,
      })).execute();
  }

  /**
   * Notes one outcome (`null`: success). Not awaited by the caller: the call may run inside a transaction that holds
   * the embedded database's only connection, which this write would wait for.
   */
  function record(system: OutsideSystem, error: unknown | null): void {
    const at = clock();
    const ok = error === null;
    if (!shouldWrite(written.get(system), ok, at.getTime(), everyMs)) return;
    written.set(system, { ok, at: at.getTime() });
    const done = write(system, at, ok ? null : failureCode(error)).catch((failure: unknown) => {
      written.delete(system);
      options.onError?.(failure);
    }).finally(() => pending.delete(done));
    pending.add(done);
  }

  return {
    record,
    /**
     * Runs `work` (one call to `system`) and notes how it went. An error for which `answered` is true is the system's
     * reasoned answer (a card declined, a recipient refused): the system works, so it counts as a success.
     */
    async watch<T>(system: OutsideSystem, work: () => Promise<T>, answered?: (error: unknown) => boolean): Promise<T> {
      try {
        const result = await work();
        record(system, null);
        return result;
      } catch (error) {
        record(system, answered?.(error) ? null : error);
        throw error;
      }
    },
    /** Every write started so far has finished (tests; a shutdown need not wait). */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}

/** What every instance has recorded, one entry per known system (nothing recorded yet: all null). */
export async function outsideStatuses(db: Kysely<SharedTables>): Promise<OutsideStatus[]> {
  const rows = await db.selectFrom('outside_status').selectAll().execute();
  const bySystem = new Map(rows.map((r) => [r.system, r]));
  return OUTSIDE_SYSTEMS.map((system) => {
    const r = bySystem.get(system);
    return {
      system,
      lastSuccessAt: r?.last_success_at ? new Date(r.last_success_at) : null,
      lastFailureAt: r?.last_failure_at ? new Date(r.last_failure_at) : null,
      lastFailure: r?.last_failure ?? null,
    };
  });
}
