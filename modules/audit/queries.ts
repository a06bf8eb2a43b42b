/** Named read-only queries over the one event log; the audit trail keeps no table of its own. */
import { sql, type Kysely } from 'kysely';
import type { SharedTables } from '../shared/db/index.ts';
import { upcast, type EventMetadata, type RecordedEvent } from '../shared/events/index.ts';
import { AUDIT_TYPES, EVENT_TYPES, SUBJECT_PATHS, type AuditType, type RefundOrigin } from './entries.ts';
import { ISSUED_TYPES } from './invoice-entries.ts';

type Db = Kysely<SharedTables>;

/**
 * Which entries: one kind or all; days (YYYY-MM-DD, UTC) inclusive at both ends; `subject`: only those about this
 * id (a product's key, a user's, campaign's or article's id), whatever the thing is called today.
 */
export type AuditFilter = { type?: AuditType; from?: string; to?: string; subject?: string };

/** An audited event's subject id, read from its data where SUBJECT_PATHS says it is kept. */
const subjectId = sql<string | null>`case type ${sql.join(Object.entries(SUBJECT_PATHS)
  .map(([type, path]) => sql`when ${type} then data #>> ${`{${path.join(',')}}`}::text[]`), sql` `)} end`;

const DAY_MS = 86_400_000;
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** One page of audited events, newest first, and how many the filter matches in all. */
export async function auditedEvents(db: Db, filter: AuditFilter, page: { offset: number; limit: number }): Promise<{ events: RecordedEvent[]; total: number }> {
  const types = (filter.type ? [filter.type] : AUDIT_TYPES).flatMap((t) => EVENT_TYPES[t]);
  let matching = db.selectFrom('events').where('type', 'in', [...types]);
  if (filter.from) matching = matching.where('recorded_at', '>=', startOfDay(filter.from));
  if (filter.to) matching = matching.where('recorded_at', '<', new Date(startOfDay(filter.to).getTime() + DAY_MS));
  const { subject } = filter;
  if (subject) {
    // A refund is about the product of the duplicate payment on its stream.
    const refundedFor = sql<boolean>`type = 'DuplicatePaymentRefunded' and stream_id in (select paid.stream_id from events paid
      where paid.type = 'DuplicatePaymentReceived' and paid.data->>'productKey' = ${subject})`;
    matching = matching.where((eb) => eb.or([eb(subjectId, '=', subject), eb(refundedFor, '=', true)]));
  }
  const [rows, count] = await Promise.all([
    matching.select(['position', 'stream_id', 'stream_version', 'type', 'data', 'metadata', 'recorded_at'])
      .orderBy('position', 'desc').offset(page.offset).limit(page.limit).execute(),
    matching.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
  ]);
  return {
    total: Number(count?.n ?? 0),
    events: rows.map((r) => ({
      position: Number(r.position), streamId: r.stream_id, streamVersion: r.stream_version, type: r.type, data: upcast(r.type, r.data),
      metadata: (r.metadata ?? {}) as EventMetadata, recordedAt: r.recorded_at instanceof Date ? r.recorded_at : new Date(r.recorded_at),
    })),
  };
}

/** The title each article was added with (a removed article is gone from the read model, not from the log). */
export async function articleTitles(db: Db, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db.selectFrom('events').select(['data']).where('type', '=', 'ArticlePublished')
    .where(sql<string>`data->'article'->>'key'`, 'in', [...keys]).orderBy('position').execute();
  const titles = new Map<string, string>();
  for (const { data } of rows) {
    const article = (data as { article?: { key?: unknown; title?: unknown } }).article;
    if (typeof article?.key === 'string' && typeof article.title === 'string') titles.set(article.key, article.title);
  }
  return titles;
}

/** For each purchase stream with a refund: the product and buyer of the duplicate payment it paid back. */
export async function refundOrigins(db: Db, streamIds: readonly string[]): Promise<Map<string, RefundOrigin>> {
  if (streamIds.length === 0) return new Map();
  const rows = await db.selectFrom('events').select(['stream_id', 'data']).where('type', '=', 'DuplicatePaymentReceived')
    .where('stream_id', 'in', [...streamIds]).execute();
  return new Map(rows.map((r) => {
    const d = r.data as { productKey?: unknown; userId?: unknown };
    return [r.stream_id, { productKey: typeof d.productKey === 'string' ? d.productKey : null, buyer: typeof d.userId === 'string' ? d.userId : null }];
  }));
}

/** Which of these ids name a user account, deleted or not (an actor may also be a job, e.g. `refund-retry`). */
export async function registeredUsers(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('events').select(sql<string>`data->>'userId'`.as('id'))
    .where('type', 'in', ['UserRegistered', 'AdminAccountCreated'])
    .where(sql<string>`data->>'userId'`, 'in', [...ids]).execute();
  return new Set(rows.map((r) => r.id));
}

/** The number of each of these documents (invoice or correction), as it was issued. */
export async function invoiceNumbers(db: Db, invoiceIds: readonly string[]): Promise<Map<string, string>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db.selectFrom('events').select([sql<string>`data->'document'->>'invoiceId'`.as('id'), sql<string>`data->'document'->>'number'`.as('number')])
    .where('type', 'in', [...ISSUED_TYPES]).where(sql<string>`data->'document'->>'invoiceId'`, 'in', [...invoiceIds]).execute();
  return new Map(rows.map((r) => [r.id, r.number]));
}
