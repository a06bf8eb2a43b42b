import type { ColumnType } from 'kysely';
import type { AttendanceSource } from './session-decider.ts';

/** The read model of attendance: one row per (purchase, session) that has been marked, as its session's stream says now. */
export interface AttendanceMarksTable {
  purchase_id: string;
  session_id: string;
  product_key: string;
  user_id: string;
  present: boolean;
  minutes: number | null;
  source: AttendanceSource;
  /** Who marked it: the admin's id, the buyer's own (a click), null for the system. */
  marked_by: string | null;
  marked_at: ColumnType<Date, Date | string, Date | string>;
}

export interface AttendanceTables {
  attendance_marks: AttendanceMarksTable;
}
