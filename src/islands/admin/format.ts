/** Dates as the institute reads them: its own time zone, whatever the admin's laptop is set to. */
const ZONE = 'Europe/Warsaw';

const locale = (lang: 'pl' | 'en') => (lang === 'pl' ? 'pl-PL' : 'en-GB');

export const formatDateTime = (iso: string, lang: 'pl' | 'en') =>
  new Intl.DateTimeFormat(locale(lang), { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }).format(new Date(iso));

export const formatDate = (iso: string, lang: 'pl' | 'en') =>
  new Intl.DateTimeFormat(locale(lang), { dateStyle: 'medium', timeZone: ZONE }).format(new Date(iso));

/** The wall-clock parts of `instant` in Warsaw, as a UTC timestamp (to measure the zone's offset). */
function warsawWallClock(instant: number): number {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(parts['year']!, parts['month']! - 1, parts['day']!, parts['hour']!, parts['minute']!, parts['second']!);
}

/** An instant as a datetime-local value (YYYY-MM-DDTHH:mm) on Warsaw's clock. */
export function toWarsawInput(iso: string): string {
  return new Date(warsawWallClock(Date.parse(iso))).toISOString().slice(0, 16);
}

/** A datetime-local value read on Warsaw's clock, as an ISO instant; '' when it is not a date. */
export function fromWarsawInput(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return '';
  const wall = Date.parse(`${value}:00Z`);
  if (Number.isNaN(wall)) return '';
  // The offset at the guessed instant, then again at the corrected one (it differs only across a DST change).
  let instant = wall - (warsawWallClock(wall) - wall);
  instant = wall - (warsawWallClock(instant) - instant);
  return new Date(instant).toISOString();
}
