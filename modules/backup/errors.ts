export type BackupErrorCode = 'drill-no-scratch' | 'locked' | 'database-busy' | 'no-database' | 'tool-missing' | 'tool-failed' | 'invalid-backup' | 'target-not-empty'
  | 'target-full' | 's3-unreachable' | 's3-failed' | 'bucket-changed';

/** A backup or restore that cannot go on; `code` says why, the message says what to do (the scripts print it). */
export class BackupError extends Error {
  readonly code: BackupErrorCode;
  constructor(code: BackupErrorCode, message: string) {
    super(message);
    this.name = 'BackupError';
    this.code = code;
  }
}
