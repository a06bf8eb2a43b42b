/** Dates as the institute reads them: on the Warsaw calendar, in the visitor's language. */
export const ZONE = 'Europe/Warsaw';

export type Lang = 'pl' | 'en';
const LOCALE: Record<Lang, string> = { pl: 'pl-PL', en: 'en-GB' };

/**
 * The one date formatter: `day` "17 grudnia 2026", `dayTime` "17 grudnia 2026 18:00", `numeric`
 * "17.12.2026" (spec 3's `date`), `month` "grudnia 2026" (as it follows "do"/"until", Polish genitive).
 */
export function formatDate(instant: Date, lang: Lang, style: 'day' | 'dayTime' | 'numeric' | 'month' = 'day'): string {
  if (style === 'numeric') return new Intl.DateTimeFormat('pl-PL', { timeZone: ZONE, day: '2-digit', month: '2-digit', year: 'numeric' }).format(instant);
  const day = new Intl.DateTimeFormat(LOCALE[lang], { timeZone: ZONE, dateStyle: 'long', ...(style === 'dayTime' ? { timeStyle: 'short' } : {}) }).format(instant);
  return style === 'month' ? day.replace(/^\d+\s+/, '') : day;
}

/** "23–28 września 2026" / "23–28 September 2026" (or a single day). */
export function formatDayRange(start: Date, days: number, lang: Lang): string {
  const end = new Date(start.getTime() + (Math.max(days, 1) - 1) * 86_400_000);
  // English ranges come with thin spaces around the dash ("11 – 16 February"); the site writes them closed up.
  return new Intl.DateTimeFormat(LOCALE[lang], { timeZone: ZONE, dateStyle: 'long' }).formatRange(start, end).replace(/(\d)\s+–\s+(\d)/g, '$1–$2');
}

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
