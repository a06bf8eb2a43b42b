import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';

/** Tables owned by the shared infrastructure; each module declares its own read models in its schema.ts. */
export interface EventsTable {
  position: Generated<number>;
  stream_id: string;
  stream_version: number;
  type: string;
  data: ColumnType<unknown, string, string>;
  metadata: ColumnType<unknown, string, string>;
  recorded_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface OutboxTable {
  id: Generated<number>;
  topic: string;
  dedupe_key: string;
  payload: ColumnType<unknown, string, string>;
  status: ColumnType<'pending' | 'done' | 'failed', 'pending' | undefined, 'pending' | 'done' | 'failed'>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Timed work: not delivered before this instant (null: at once); giving up after failures counts from it. */
  not_before: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  claimed_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  claim_token: string | null;
  last_error: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  done_at: ColumnType<Date | null, never, Date | string | null>;
}

export interface RateLimitsTable {
  bucket: string;
  window_start: ColumnType<Date, Date | string, Date | string>;
  hits: number;
}

export interface DevMailboxTable {
  id: Generated<number>;
  message_id: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  attachments: ColumnType<unknown, string, string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** The last number taken per series and year (modules/shared/numbering); never emptied by a projection rebuild. */
export interface DocumentCountersTable {
  series: string;
  year: number;
  last: number;
}

/** Each outside system's last success and failure as any instance saw it (modules/shared/outside). */
export interface OutsideStatusTable {
  system: string;
  last_success_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_failure_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_failure: string | null;
}

/** The tables of the shared kernel: the event log, the outbox, rate-limit counters, the dev mailbox, document counters, outside systems' status. */
export interface SharedTables {
  events: EventsTable;
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
  dev_mailbox: DevMailboxTable;
  document_counters: DocumentCountersTable;
  outside_status: OutsideStatusTable;
}

/** A module's view of the database: the shared tables and its own read models, nobody else's. */
export type ModuleDb<Own> = Kysely<SharedTables & Own>;
export type ModuleTx<Own> = Transaction<SharedTables & Own>;
