/**
 * Products recorded before issue 21 kept their dates, schedule, place, group, price and hours as free text
 * (`day`, `duration` and Details lines). This reads the structured fields out of that text, once, at start-up: the
 * migration revises each such product through the kernel, so the log records the change and a rebuild agrees.
 */
import { JOIN_OPENS_MINUTES, type Bilingual, type DetailLine, type Product } from './product.ts';
import { warsawClock } from './facts.ts';

/** A product as recorded before issue 21: the free-text fields, and none of the structured ones. */
export type LegacyProduct = Omit<Product, StructuredField | 'facilitators'> & Partial<Pick<Product, StructuredField | 'facilitators'>> & {
  day?: Bilingual; date?: string; duration?: Bilingual;
};
type StructuredField = 'days' | 'dailyEnd' | 'breakTime' | 'place' | 'hours' | 'joinOpensMinutes';
type StructuredFacts = Pick<Product, StructuredField | 'details'>;

/** Whether a product still lacks the structured fields (recorded before issue 21). */
export const isLegacy = (p: LegacyProduct): boolean => typeof p.days !== 'number';

/**
 * A product without the old free texts once it has the fields that replace them (they would only go stale); a
 * product still waiting for the migration keeps them, since the migration reads them.
 */
export function withoutLegacyText<P extends LegacyProduct>(p: P): P {
  if (isLegacy(p)) return p;
  const { day: _day, date: _date, duration: _duration, ...rest } = p;
  return rest as P;
}

/** The Details labels whose lines the fields now hold (both languages, as the demo content and the old editor wrote them). */
const DERIVED_LABELS: Record<string, string[]> = {
  date: ['termin', 'date', 'data'],
  schedule: ['godziny pracy', 'schedule', 'godziny', 'hours of work'],
  place: ['miejsce', 'place', 'location'],
  group: ['liczba uczestników', 'participants', 'group size'],
  price: ['cena', 'price'],
  hours: ['liczba godzin', 'hours'],
};
const kindOf = (line: DetailLine): string | null => {
  const labels = [line.label.pl, line.label.en].map((l) => l.trim().toLowerCase());
  return Object.entries(DERIVED_LABELS).find(([, known]) => labels.some((l) => known.includes(l)))?.[0] ?? null;
};

const CLOCK = /\b([01]?\d|2[0-3])[:.]([0-5]\d)\b/g;
const clocksIn = (text: string): string[] => [...text.matchAll(CLOCK)].map((m) => `${m[1]!.padStart(2, '0')}:${m[2]}`);
/** "25.5 hours" / "25,5 godziny" / "8 godzin": the first number before an hours word. */
const hoursIn = (text: string): number | null => {
  const found = /(\d+(?:[.,]\d+)?)\s*(?:hours?|godzin[ay]?)\b/i.exec(text);
  return found ? Number(found[1]!.replace(',', '.')) : null;
};
const daysIn = (text: string): number | null => {
  const found = /(\d+)\s*(?:days?|dni|dzień)\b/i.exec(text);
  return found ? Number(found[1]) : null;
};

/** An old price line may say more than the amount ("2200 PLN: zadatek 400 PLN…"): that rest is kept as a free line. */
function paymentNote(line: DetailLine): DetailLine | null {
  const rest = (text: string) => text.replace(/^[^:]*\d[^:]*:\s*/, '').trim();
  const note = { pl: rest(line.value.pl), en: rest(line.value.en) };
  if (note.pl === line.value.pl.trim() || note.pl === '' || note.en === '') return null;
  return { label: { pl: 'Płatność', en: 'Payment' }, value: note };
}

/**
 * The structured fields of an old product, read from its text: days from the duration ("3 dni", "6 days"; else 1),
 * the day's end and break from the schedule line ("10:00–18:30, przerwa 13:30–14:30"; else the end of its first
 * session by the old reading of the duration, at most 09:00–17:30's length), the place from the place line (else
 * the date line after "·", else "Online" for an online one), hours from the hours line or the duration, the join
 * button at the default. The Details keep only the lines no field holds (and what an old price line said besides the amount).
 */
export function structuredFromLegacy(old: LegacyProduct): StructuredFacts {
  const lines = old.details ?? [];
  const of = (kind: string) => lines.find((l) => kindOf(l) === kind);
  const durationEn = old.duration?.en ?? '';
  const days = Math.max(1, Math.min(60, daysIn(durationEn) ?? daysIn(old.duration?.pl ?? '') ?? 1));

  const start = warsawClock(old.startsAt);
  const clocks = clocksIn(of('schedule')?.value.pl ?? '');
  const hoursFromText = hoursIn(of('hours')?.value.en ?? '') ?? hoursIn(of('hours')?.value.pl ?? '') ?? hoursIn(durationEn);
  const endOfFirstSession = () => {
    const minutes = Math.min(hoursIn(durationEn) !== null ? Math.round(hoursIn(durationEn)! * 60) : 510, 510);
    const [h, m] = start.split(':').map(Number) as [number, number];
    const end = Math.min(h * 60 + m + minutes, 23 * 60 + 59);
    return `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
  };
  const dailyEnd = clocks[1] !== undefined && clocks[1] > start ? clocks[1] : endOfFirstSession();
  const breakTime = clocks[2] !== undefined && clocks[3] !== undefined && clocks[2] < clocks[3] ? { from: clocks[2], to: clocks[3] } : null;

  const afterDot = (text: string | undefined) => text?.split(' · ').slice(1).join(' · ').trim() ?? '';
  const placeLine = of('place')?.value;
  const place = placeLine ?? (afterDot(old.day?.pl) ? { pl: afterDot(old.day?.pl), en: afterDot(old.day?.en) || afterDot(old.day?.pl) }
    : old.isOnline ? { pl: 'Online', en: 'Online' } : { pl: '', en: '' });

  const price = of('price');
  const kept = lines.filter((l) => kindOf(l) === null);
  const note = price ? paymentNote(price) : null;
  return {
    days, dailyEnd, breakTime, place, hours: hoursFromText, joinOpensMinutes: JOIN_OPENS_MINUTES,
    details: note ? [note, ...kept] : kept,
  };
}
