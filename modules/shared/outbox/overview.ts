import { sql, type Kysely } from 'kysely';
import type { SharedTables } from '../db/schema.ts';

/**
 * The outbox as the admin sees it (issue 24: timed work is visible in the panel): what is waiting per topic, and the
 * rows themselves page by page. Never the payloads: they may hold a person's address, a link's secret or a mail's text.
 */

/** A topic's waiting work: rows pending (in flight included) and given up, and when the next pending one is due. */
export type OutboxTopicCount = { topic: string; pending: number; failed: number; nextDueAt: Date | null };

/**
 * One row without its payload. `dueAt`: when it is (next) tried, for a failed one when it would have been;
 * `inFlight`: a worker holds it now; `lastError`: why the last attempt failed (a pending row with one is being retried).
 */
export type OutboxRow = {
  id: number; topic: string; status: 'pending' | 'failed'; dueAt: Date; notBefore: Date | null;
  attempts: number; lastError: string | null; createdAt: Date; inFlight: boolean;
};

/** `upcoming`: pending rows, the soonest due first; `failed`: rows given up on, the latest first. */
export const OUTBOX_VIEWS = ['upcoming', 'failed'] as const;
export type OutboxView = (typeof OUTBOX_VIEWS)[number];

export function outboxOverview(db: Kysely<SharedTables>) {
  return {
    /** Every topic with work pending or given up, by name. */
    async byTopic(): Promise<OutboxTopicCount[]> {
      const rows = await db.selectFrom('outbox')
        .select([
          'topic',
          sql<string>`count(*) filter (where status = 'pending')`.as('pending'),
          sql<string>`count(*) filter (where status = 'failed')`.as('failed'),
          sql<Date | null>`min(next_attempt_at) filter (where status = 'pending')`.as('next_due_at'),
        ])
        .where('status', 'in', ['pending', 'failed']).groupBy('topic').orderBy('topic').execute();
      return rows.map((r) => ({ topic: r.topic, pending: Number(r.pending), failed: Number(r.failed), nextDueAt: r.next_due_at ? new Date(r.next_due_at) : null }));
    },

    /**
     * Per topic, the work waiting now (the system page's backlog, issue 35): pending rows whose first due time has come,
     * retried ones included (a retry's next attempt may lie ahead, but it has been waiting since it was first due), when
     * the oldest of them was first due, and the rows given up on.
     */
    async backlog(): Promise<{ topic: string; due: number; failed: number; oldestDueSince: Date | null }[]> {
      const firstDue = sql`coalesce(not_before, created_at)`;
      const waiting = sql`status = 'pending' and ${firstDue} <= now()`;
      const rows = await db.selectFrom('outbox')
        .select([
          'topic',
          sql<string>`count(*) filter (where ${waiting})`.as('due'),
          sql<string>`count(*) filter (where status = 'failed')`.as('failed'),
          sql<Date | null>`min(${firstDue}) filter (where ${waiting})`.as('oldest'),
        ])
        .where('status', 'in', ['pending', 'failed']).groupBy('topic').orderBy('topic').execute();
      return rows.map((r) => ({ topic: r.topic, due: Number(r.due), failed: Number(r.failed), oldestDueSince: r.oldest ? new Date(r.oldest) : null }));
    },

    /** One page of a view, optionally of one topic, with how many rows the view holds. */
    async rows(view: OutboxView, page: { offset: number; limit: number }, topic?: string): Promise<{ items: OutboxRow[]; total: number }> {
      const status = view === 'upcoming' ? 'pending' : 'failed';
      const base = db.selectFrom('outbox').where('status', '=', status).$if(topic !== undefined, (q) => q.where('topic', '=', topic!));
      const rows = await base
        .select(['id', 'topic', 'status', 'next_attempt_at', 'not_before', 'attempts', 'last_error', 'created_at',
          sql<boolean>`coalesce(claimed_until > now(), false)`.as('in_flight')])
        .$if(view === 'upcoming', (q) => q.orderBy('next_attempt_at').orderBy('id'))
        .$if(view === 'failed', (q) => q.orderBy('id', 'desc'))
        .offset(page.offset).limit(page.limit).execute();
      const count = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
      return {
        items: rows.map((r) => ({
          id: Number(r.id), topic: r.topic, status: r.status as OutboxRow['status'], dueAt: new Date(r.next_attempt_at),
          notBefore: r.not_before ? new Date(r.not_before) : null, attempts: r.attempts, lastError: r.last_error,
          createdAt: new Date(r.created_at), inFlight: r.in_flight,
        })),
        total: Number(count?.n ?? 0),
      };
    },
  };
}

export type OutboxOverview = ReturnType<typeof outboxOverview>;
