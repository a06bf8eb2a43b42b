// The panel's lines about backups (issue 35), from modules/backup's status(): "Ostatnia sprawdzona kopia: <date>, OK",
// the last backup taken, and what needs the admin's attention. For the System tab (GET /api/admin/system).
import type { BackupStatus } from '../../modules/backup/index.ts';
import { formatDate } from '../../modules/shared/text/index.ts';
import { translator, type Lang } from '../i18n/index.ts';

const megabytes = (bytes: number, lang: Lang) => `${new Intl.NumberFormat(lang === 'pl' ? 'pl-PL' : 'en-GB', { maximumFractionDigits: 1 }).format(bytes / 1_048_576)} MB`;

export function backupReport(status: BackupStatus, lang: Lang): { verified: string; lastBackup: string; attention: string | null } {
  const t = translator(lang);
  const date = (d: Date) => formatDate(d, lang, 'dayTime');
  const { lastVerified, lastBackup, lastDrill, attention } = status;
  return {
    verified: lastVerified ? t('backup.verified', { date: date(lastVerified.backupAt) }) : t('backup.neverVerified'),
    lastBackup: lastBackup ? t('backup.lastBackup', { date: date(lastBackup.at), size: megabytes(lastBackup.size, lang) }) : t('backup.noBackup'),
    attention: attention?.kind === 'drill-failed' ? t('backup.drillFailed', { date: date(lastDrill!.at), message: attention.message })
      : attention?.kind === 'overdue' ? t('backup.overdue', { days: attention.days }) : null,
  };
}
