// The server's scheduled backups and restore drills (modules/backup, issue 35): when, how many kept, where.
// Each is checked at start-up like every setting, with a message naming the variable and what it must be.
import * as v from 'valibot';

const whole = (fallback: string, max: number, what: string) => v.optional(v.pipe(v.string(), v.trim(), v.transform((s) => s || fallback),
  v.regex(/^\d+$/, `must be ${what}`), v.transform(Number), v.maxValue(max, `must be ${what}`)), fallback);

const choice = <T extends string>(options: readonly T[], fallback: T) => v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(),
  v.transform((s) => s || fallback), v.picklist(options, `must be one of ${options.join(', ')}`)), fallback);

export const backupEnv = {
  // A backup by the running server every day at BACKUP_HOUR (Warsaw time), or none (`off`: `npm run backup` still works).
  BACKUP_SCHEDULE: choice(['daily', 'off'] as const, 'daily'),
  BACKUP_HOUR: whole('3', 23, 'an hour of the day, 0-23 (Warsaw time)'),
  // Where scheduled backups go (default DATA_DIR/backups); with several instances, a folder they all mount.
  BACKUP_DIR: v.optional(v.pipe(v.string(), v.trim(), v.transform((s) => (s === '' ? undefined : s)))),
  BACKUP_KEEP_DAILY: whole('7', 1000, 'a number of daily backups to keep (0-1000)'),
  BACKUP_KEEP_WEEKLY: whole('4', 1000, 'a number of weekly backups to keep (0-1000)'),
  BACKUP_KEEP_MONTHLY: whole('6', 1000, 'a number of monthly backups to keep (0-1000)'),
  // The restore drill: the latest backup restored into a scratch place and checked, every week (Sunday) or day at DRILL_HOUR.
  DRILL_SCHEDULE: choice(['weekly', 'daily', 'off'] as const, 'weekly'),
  DRILL_HOUR: whole('5', 23, 'an hour of the day, 0-23 (Warsaw time)'),
  // The admins are mailed when no drill has passed for this many days.
  DRILL_OVERDUE_DAYS: whole('8', 365, 'a number of days, 1-365'),
};
