import { localeOf, type Lang } from './locale.ts';

/** Dates as the institute reads them: on the Warsaw calendar, in the visitor's language. */
const ZONE = 'Europe/Warsaw';

type DateStyle = 'day' | 'dayTime' | 'numeric' | 'month' | 'short' | 'shortTime';

/**
 * The one date formatter: `day` "17 grudnia 2026", `dayTime` "17 grudnia 2026 18:00", `numeric`
 * "17.12.2026" (spec 3's `date`), `month` "grudnia 2026" (as it follows "do"/"until", Polish genitive),
 * `short` "17 gru 2026" and `shortTime` "17 gru 2026, 18:00" (the admin panel's lists).
 */
export function formatDate(instant: Date, lang: Lang, style: DateStyle = 'day'): string {
  if (style === 'numeric') return new Intl.DateTimeFormat('pl-PL', { timeZone: ZONE, day: '2-digit', month: '2-digit', year: 'numeric' }).format(instant);
  if (style === 'short' || style === 'shortTime') {
    return new Intl.DateTimeFormat(localeOf(lang), { timeZone: ZONE, dateStyle: 'medium', ...(style === 'shortTime' ? { timeStyle: 'short' } : {}) }).format(instant);
  }
  const day = new Intl.DateTimeFormat(localeOf(lang), { timeZone: ZONE, dateStyle: 'long', ...(style === 'dayTime' ? { timeStyle: 'short' } : {}) }).format(instant);
  return style === 'month' ? day.replace(/^\d+\s+/, '') : day;
}

/** "23–28 września 2026" / "23–28 September 2026" (or a single day). */
export function formatDayRange(start: Date, days: number, lang: Lang): string {
  // Noon of the last Warsaw day: adding 24-hour days would cross a DST change into the wrong date near midnight.
  const end = days > 1 ? warsawDaysFrom(start, days - 1, 12) : start;
  // English ranges come with thin spaces around the dash ("11 – 16 February"); the site writes them closed up.
  return new Intl.DateTimeFormat(localeOf(lang), { timeZone: ZONE, dateStyle: 'long' }).formatRange(start, end).replace(/(\d)\s+–\s+(\d)/g, '$1–$2');
}

const wallClockParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

/** Warsaw's wall clock at `instant` (ms), written as if it were UTC: the difference is the zone's offset. */
function wallClockAsUtc(instant: number): number {
  const parts = Object.fromEntries(wallClockParts.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(parts['year']!, parts['month']! - 1, parts['day']!, parts['hour']!, parts['minute']!, parts['second']!);
}

/** Milliseconds Warsaw is ahead of UTC at `instant`. */
const offsetAt = (instant: number) => wallClockAsUtc(instant) - Math.floor(instant / 1000) * 1000;

/**
 * The instant a wall-clock time (written as UTC milliseconds) names in Warsaw: the offset at the guess, then again
 * at the corrected instant (they differ only across a DST change). A time the spring change skips (02:30) reads as
 * the instant the clock shows 03:30; the hour repeated in autumn reads as its second occurrence (winter time).
 */
function instantOfWallClock(wall: number): number {
  return wall - offsetAt(wall - offsetAt(wall));
}

/** The instant at a Warsaw wall-clock time. */
export function warsawInstant(y: number, m: number, d: number, hh: number, mm = 0): Date {
  return new Date(instantOfWallClock(Date.UTC(y, m - 1, d, hh, mm)));
}

/** The Warsaw calendar day `days` after `from`, at `hh:mm` Warsaw time. */
export function warsawDaysFrom(from: Date, days: number, hh: number, mm = 0): Date {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(from).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d + days));
  return warsawInstant(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), hh, mm);
}

/** An ISO instant as a datetime-local value (YYYY-MM-DDTHH:mm) on Warsaw's clock, whatever the laptop's zone. */
export function toWarsawInput(iso: string): string {
  return new Date(wallClockAsUtc(Date.parse(iso))).toISOString().slice(0, 16);
}

/** A datetime-local value read on Warsaw's clock, as an ISO instant; '' when it is not a date (30 February too). */
export function fromWarsawInput(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return '';
  const wall = Date.parse(`${value}:00Z`);
  // The engine rolls an impossible day over into the next month ("2026-02-30" is 2 March): only a date that reads back.
  if (Number.isNaN(wall) || new Date(wall).toISOString().slice(0, 16) !== value) return '';
  return new Date(instantOfWallClock(wall)).toISOString();
}
