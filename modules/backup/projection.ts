import type { Projection, RecordedEvent } from '../shared/events/index.ts';
import type { BackupEvent } from './history.ts';
import type { BackupTables } from './schema.ts';

/** backup_history from the `backups` stream. Replay-safe: a row per (kind, period), written once. */
export const historyProjection: Projection<BackupTables> = {
  name: 'backup.history',
  tables: ['backup_history'],
  async apply(tx, recorded: RecordedEvent) {
    const event = recorded as unknown as BackupEvent;
    const row = (() => {
      switch (event.type) {
        case 'BackupTaken': return { kind: 'backup' as const, period: event.data.period, at: event.data.at, file: event.data.file, size: event.data.size, ok: true, message: null, backup_at: null };
        case 'DrillPassed': return { kind: 'drill' as const, period: event.data.period, at: event.data.at, file: event.data.file, size: null, ok: true, message: null, backup_at: event.data.backupAt };
        case 'DrillFailed': return { kind: 'drill' as const, period: event.data.period, at: event.data.at, file: event.data.file, size: null, ok: false, message: event.data.message, backup_at: null };
        case 'DrillOverdue': return { kind: 'overdue' as const, period: event.data.since, at: event.data.at, file: null, size: null, ok: false, message: null, backup_at: null };
        default: return null;
      }
    })();
    if (!row || recorded.streamId !== 'backups') return;
    await tx.insertInto('backup_history').values(row).onConflict((c) => c.columns(['kind', 'period']).doNothing()).execute();
  },
};
