import type { ColumnType } from 'kysely';

/**
 * The sent-ledger of reminders: one row per (purchase, session, kind), written in the statement that completes the
 * reminder's outbox claim. `outcome` says whether a message went out (`sent`) or why none will (`skipped-*`).
 * The unique key, not the queue, is what keeps a reminder to one.
 */
export interface MeetingRemindersTable {
  purchase_id: string;
  session_id: string;
  /** The offset in minutes, as text: `1440`, `60`. */
  kind: string;
  outcome: 'sent' | 'skipped-ended' | 'skipped-started' | 'skipped-superseded' | 'skipped-gone';
  message_id: string | null;
  at: ColumnType<Date, Date | string, never>;
}

export interface MeetingsTables {
  meeting_reminders: MeetingRemindersTable;
}
