// The `backups` stream: each scheduled backup taken and each restore drill's outcome, and each notice that no drill
// has passed for too long. Its rules make the schedule exactly-once whatever the queue does: a period's backup or
// drill is recorded once (a second instance, or a retry after a crash, decides nothing), and an overdue notice is
// given once per last passing drill.
import { nobody, type Decider } from '../shared/kernel/index.ts';

export const BACKUPS_STREAM = 'backups';

export type BackupEvent =
  | { type: 'BackupTaken'; data: { period: string; at: string; file: string; size: number } }
  | { type: 'DrillPassed'; data: { period: string; at: string; file: string; backupAt: string } }
  | { type: 'DrillFailed'; data: { period: string; at: string; file: string | null; message: string } }
  /** No drill has passed since `since` (the last one that did, or the first backup), for longer than the limit. */
  | { type: 'DrillOverdue'; data: { at: string; since: string } };

export type BackupCommand =
  | { type: 'RecordBackup'; period: string; at: string; file: string; size: number }
  | { type: 'RecordDrill'; period: string; at: string; file: string | null; outcome: { ok: true; backupAt: string } | { ok: false; message: string } }
  | { type: 'NoticeOverdue'; now: string; limitMs: number };

export type BackupState = {
  backups: ReadonlySet<string>; drills: ReadonlySet<string>;
  firstBackupAt: string | null; lastPassedAt: string | null; overdueSince: string | null;
};

export function decide(command: BackupCommand, state: BackupState): BackupEvent[] {
  switch (command.type) {
    case 'RecordBackup':
      if (state.backups.has(command.period)) return [];
      return [{ type: 'BackupTaken', data: { period: command.period, at: command.at, file: command.file, size: command.size } }];
    case 'RecordDrill': {
      if (state.drills.has(command.period)) return [];
      const { period, at, file, outcome } = command;
      return [outcome.ok
        ? { type: 'DrillPassed', data: { period, at, file: file!, backupAt: outcome.backupAt } }
        : { type: 'DrillFailed', data: { period, at, file, message: outcome.message } }];
    }
    case 'NoticeOverdue': {
      const since = state.lastPassedAt ?? state.firstBackupAt;
      if (!since || state.overdueSince === since) return [];
      if (Date.parse(command.now) - Date.parse(since) < command.limitMs) return [];
      return [{ type: 'DrillOverdue', data: { at: command.now, since } }];
    }
  }
}

export function evolve(state: BackupState, event: BackupEvent): BackupState {
  switch (event.type) {
    case 'BackupTaken': return { ...state, backups: new Set([...state.backups, event.data.period]), firstBackupAt: state.firstBackupAt ?? event.data.at };
    case 'DrillPassed': return { ...state, drills: new Set([...state.drills, event.data.period]), lastPassedAt: event.data.at };
    case 'DrillFailed': return { ...state, drills: new Set([...state.drills, event.data.period]) };
    case 'DrillOverdue': return { ...state, overdueSince: event.data.since };
  }
}

export const backupDecider: Decider<BackupCommand, BackupEvent, BackupState> = {
  decide, evolve,
  initialState: () => ({ backups: new Set(), drills: new Set(), firstBackupAt: null, lastPassedAt: null, overdueSince: null }),
  concerns: { BackupTaken: nobody, DrillPassed: nobody, DrillFailed: nobody, DrillOverdue: nobody },
};
