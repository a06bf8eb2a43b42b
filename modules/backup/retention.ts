// Which backups to keep (issue 35): the newest backup of each of the last `daily` days that have one, of the last
// `weekly` ISO weeks, and of the last `monthly` months, on Warsaw's calendar (the grandfather-father-son scheme as
// restic and borg count it). Periods are counted among those that hold a backup, not back from now: a shop whose
// backups stopped for a month keeps its last ones rather than seeing them age out. The newest is always kept, and so
// is anything dated after `now` (a clock set back): a backup is deleted only when a rule says so.
import { dayKey, monthKey, weekKey } from './calendar.ts';

export type RetentionPolicy = { daily: number; weekly: number; monthly: number };

export const DEFAULT_RETENTION: RetentionPolicy = { daily: 7, weekly: 4, monthly: 6 };

/** The instants (of `times`) to keep; every other one may be deleted. */
export function backupsToKeep(times: readonly Date[], now: Date, policy: RetentionPolicy): Date[] {
  const newestFirst = [...times].sort((a, b) => b.getTime() - a.getTime());
  const keep = new Set<Date>();
  const rule = (periodOf: (d: Date) => string, slots: number) => {
    const seen = new Set<string>();
    for (const time of newestFirst) {
      if (seen.size >= slots) break;
      const period = periodOf(time);
      if (seen.has(period)) continue;
      seen.add(period);
      keep.add(time);
    }
  };
  rule(dayKey, policy.daily);
  rule(weekKey, policy.weekly);
  rule(monthKey, policy.monthly);
  if (newestFirst[0]) keep.add(newestFirst[0]);
  for (const time of newestFirst) if (time.getTime() > now.getTime()) keep.add(time);
  return newestFirst.filter((t) => keep.has(t));
}
