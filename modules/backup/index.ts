// Backups that are restored (issue 35): one tar file with a SHA-256 manifest, made and restored by the scripts
// scripts/backup.ts and scripts/restore.ts. The server is not needed, and for the embedded database must be stopped.
export { createBackup, type BackupOptions, type Manifest, type Member } from './backup.ts';
export { BackupError } from './errors.ts';
export { restoreBackup, verifyBackup, type RestoreOptions } from './restore.ts';
export { backupShop, restoreShop, verifyShopBackup, type BucketReport } from './s3-backup.ts';
