// Periods of the backup schedule and of retention, on Warsaw's calendar (the institute's zone): a day, an ISO week
// (Monday to Sunday), a month. Pure, so the boundaries (midnight, the October change of clocks) are tested as rules.
import { warsawInstant } from '../shared/text/index.ts';

const warsawDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Warsaw's calendar date at an instant, as [year, month, day]. */
export function warsawDay(instant: Date): [number, number, number] {
  return warsawDate.format(instant).split('-').map(Number) as [number, number, number];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of Warsaw's calendar. */
export function dayKey(instant: Date): string {
  const [y, m, d] = warsawDay(instant);
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** `YYYY-MM` of Warsaw's calendar. */
export const monthKey = (instant: Date): string => dayKey(instant).slice(0, 7);

/** The ISO week (`YYYY-Www`, weeks from Monday, week 1 holding the year's first Thursday) of Warsaw's date. */
export function weekKey(instant: Date): string {
  const [y, m, d] = warsawDay(instant);
  const date = new Date(Date.UTC(y, m - 1, d));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const year = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `${year}-W${pad(week)}`;
}

/** A schedule: every day, or every week on `weekday` (1 Monday … 7 Sunday), at `hour` Warsaw time; or never. */
export type Schedule = { every: 'day'; hour: number } | { every: 'week'; weekday: number; hour: number } | { every: 'never' };

/** The period an instant falls in, and when that period's run is due (an instance down then runs it when it is back). */
export function periodAt(schedule: Exclude<Schedule, { every: 'never' }>, now: Date): { key: string; dueAt: Date } {
  const [y, m, d] = warsawDay(now);
  if (schedule.every === 'day') return { key: dayKey(now), dueAt: warsawInstant(y, m, d, schedule.hour) };
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
  const day = new Date(Date.UTC(y, m - 1, d + schedule.weekday - weekday));
  return { key: weekKey(now), dueAt: warsawInstant(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), schedule.hour) };
}

/** The period whose run is due at `now`, or null while this period's moment has not come yet. */
export function duePeriod(schedule: Schedule, now: Date): string | null {
  if (schedule.every === 'never') return null;
  const period = periodAt(schedule, now);
  return now.getTime() >= period.dueAt.getTime() ? period.key : null;
}
