/**
 * Backups and the restore drill in the panel's background work list (issue 35); the System tab's words are in
 * admin-panel/system.ts.
 */
export const pl = {
  // The panel's background work list names each outbox topic.
  'adminPanel.work.topic.backup.scheduled': 'Kopia zapasowa według harmonogramu',
  'adminPanel.work.topic.backup.drill': 'Próba odtworzenia kopii zapasowej',
} as const;

export const en: Record<keyof typeof pl, string> = {
  'adminPanel.work.topic.backup.scheduled': 'Scheduled backup',
  'adminPanel.work.topic.backup.drill': 'Backup restore drill',
};
