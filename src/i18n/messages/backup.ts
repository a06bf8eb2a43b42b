/**
 * Backups and the restore drill as the admin panel shows them (modules/backup's `status()`, issue 35): the last
 * verified backup, a drill that failed, the last backup taken. `{date}` is formatted by the caller, `{size}` too.
 */
export const pl = {
  'backup.title': 'Kopie zapasowe',
  'backup.verified': 'Ostatnia sprawdzona kopia: {date}, OK',
  'backup.drillFailed': 'Ostatnia próba odtworzenia kopii ({date}) nie powiodła się: {message}',
  'backup.neverVerified': 'Żadna kopia nie została jeszcze sprawdzona próbą odtworzenia.',
  'backup.overdue': 'Od {days} dni żadna kopia nie została sprawdzona: sprawdź dziennik serwera i ustawienia BACKUP_SCHEDULE i DRILL_SCHEDULE.',
  'backup.lastBackup': 'Ostatnia kopia: {date} ({size})',
  'backup.noBackup': 'Serwer nie wykonał jeszcze żadnej kopii zapasowej.',
  // The panel's background work list names each outbox topic.
  'adminPanel.work.topic.backup.scheduled': 'Kopia zapasowa według harmonogramu',
  'adminPanel.work.topic.backup.drill': 'Próba odtworzenia kopii zapasowej',
} as const;

export const en: Record<keyof typeof pl, string> = {
  'backup.title': 'Backups',
  'backup.verified': 'Last verified backup: {date}, OK',
  'backup.drillFailed': 'The last restore drill ({date}) failed: {message}',
  'backup.neverVerified': 'No backup has been verified by a restore drill yet.',
  'backup.overdue': 'No backup has been verified for {days} days: check the server log and the settings BACKUP_SCHEDULE and DRILL_SCHEDULE.',
  'backup.lastBackup': 'Last backup: {date} ({size})',
  'backup.noBackup': 'The server has not taken a backup yet.',
  'adminPanel.work.topic.backup.scheduled': 'Scheduled backup',
  'adminPanel.work.topic.backup.drill': 'Backup restore drill',
};
