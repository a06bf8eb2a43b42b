import type { ColumnType } from 'kysely';

/** The `backups` stream's read model (projection.ts): one row per backup, drill and overdue notice. */
export interface BackupHistoryTable {
  kind: 'backup' | 'drill' | 'overdue';
  /** The schedule's period (`2026-12-07`, `2026-W50`); an overdue notice's `since`. */
  period: string;
  at: ColumnType<Date, Date | string, never>;
  file: string | null;
  size: number | null;
  ok: boolean | null;
  message: string | null;
  /** A passed drill's backup: when it was made. */
  backup_at: ColumnType<Date | null, Date | string | null, never>;
}

export interface BackupTables {
  backup_history: BackupHistoryTable;
}
