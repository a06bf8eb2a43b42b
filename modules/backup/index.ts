// Backups that are restored (issue 35): one tar file with a SHA-256 manifest, made and restored by the scripts
// scripts/backup.ts and scripts/restore.ts (the server not needed; for the embedded database, stopped), and by the
// running server on a schedule with retention and a restore drill (schedule.ts), whose outcomes `status()` answers.
export { createBackup, type BackupOptions, type Manifest, type Member } from './backup.ts';
export { BackupError } from './errors.ts';
export { liveDump, type DatabaseDump, type LiveDump } from './live-dump.ts';
export { restoreBackup, verifyBackup, type RestoreOptions } from './restore.ts';
export { backupShop, restoreShop, verifyShopBackup, type BucketReport } from './s3-backup.ts';
export { runDrill, type DrillOutcome } from './drill.ts';
export { backupsToKeep, DEFAULT_RETENTION, type RetentionPolicy } from './retention.ts';
export { BACKUP_TOPIC, createBackups, DRILL_TOPIC, type BackupPorts, type Backups, type BackupStatus } from './schedule.ts';
export type { Admin } from './alert-mail.ts';
export type { BackupTables } from './schema.ts';
