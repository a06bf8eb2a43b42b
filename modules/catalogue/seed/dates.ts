/** Calendar helpers in the institute's time zone (Europe/Warsaw), for seeding and display lines. */
export const ZONE = 'Europe/Warsaw';

/** Minutes Warsaw is ahead of UTC at `instant`. */
function offsetMinutes(instant: Date): number {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
  }).formatToParts(instant).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/** The instant at a Warsaw wall-clock time. */
export function warsawInstant(y: number, m: number, d: number, hh: number, mm = 0): Date {
  const guess = new Date(Date.UTC(y, m - 1, d, hh, mm));
  return new Date(guess.getTime() - offsetMinutes(new Date(guess.getTime() - offsetMinutes(guess) * 60_000)) * 60_000);
}

/** The Warsaw calendar day `days` after `from`, at `hh:mm` Warsaw time. */
export function warsawDaysFrom(from: Date, days: number, hh: number, mm = 0): Date {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(from).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d + days));
  return warsawInstant(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), hh, mm);
}

/** dd.mm.yyyy in Warsaw, as spec 3 writes `date`. */
export const ddmmyyyy = (instant: Date) =>
  new Intl.DateTimeFormat('pl-PL', { timeZone: ZONE, day: '2-digit', month: '2-digit', year: 'numeric' }).format(instant);

/** "23–28 września 2026" / "23–28 September 2026" (or a single day). */
export function dayRange(start: Date, days: number, lang: 'pl' | 'en'): string {
  const locale = lang === 'pl' ? 'pl-PL' : 'en-GB';
  const end = new Date(start.getTime() + (days - 1) * 86_400_000);
  const full = new Intl.DateTimeFormat(locale, { timeZone: ZONE, day: 'numeric', month: 'long', year: 'numeric' });
  if (days <= 1) return full.format(start);
  return new Intl.DateTimeFormat(locale, { timeZone: ZONE, day: 'numeric', month: 'long', year: 'numeric' }).formatRange(start, end);
}

/** "grudnia 2026" / "December 2026": month and year as they follow "do" / "until" (Polish genitive). */
export const untilMonth = (instant: Date, lang: 'pl' | 'en') =>
  new Intl.DateTimeFormat(lang === 'pl' ? 'pl-PL' : 'en-GB', { timeZone: ZONE, day: 'numeric', month: 'long', year: 'numeric' })
    .format(instant).replace(/^\d+\s+/, '');
