/**
 * Every fact a page, the API or a mail shows about a product's dates, times, place, group, price and hours,
 * derived from its structured fields at the moment it is shown: one source, so an edit shows everywhere at the next
 * request. Dates and times are Europe/Warsaw's, words the reader's language.
 */
import { fillTemplate, formatDate, formatDayRange, formatMinor, toWarsawInput, type Lang } from '../shared/text/index.ts';
import { onDayOf, warsawClock } from './clock.ts';
import { daysText, factTexts, hoursText, peopleText } from './facts-texts.ts';

export { onDayOf, warsawClock };
import type { Currency, Product } from './product.ts';
import type { Session } from './sessions.ts';

/** One shown Details line, in one language. */
export type ShownDetail = { label: string; value: string };

/** The product's own sessions, when it has them (a product recorded before issue 24 has one a day from `startsAt`). */
type Sessions = { sessions?: Session[] | undefined };
type Timing = Pick<Product, 'startsAt' | 'days' | 'dailyEnd' | 'breakTime'> & Sessions;

const own = (p: Sessions): Session[] | null => (p.sessions && p.sessions.length > 0 ? [...p.sessions].sort((a, b) => a.start.localeCompare(b.start)) : null);
const warsawDay = (instant: string) => toWarsawInput(new Date(instant).toISOString()).slice(0, 10);
/** Calendar days from the first session's Warsaw date to the last one's, both counted. */
const spanDays = (sessions: readonly Session[]) =>
  Math.round((Date.parse(`${warsawDay(sessions.at(-1)!.start)}T00:00Z`) - Date.parse(`${warsawDay(sessions[0]!.start)}T00:00Z`)) / 86_400_000) + 1;



/** dd.mm.yyyy of the start on Warsaw's calendar (spec 3's `date`). */
export const productDate = (p: Pick<Product, 'startsAt'>): string => formatDate(new Date(p.startsAt), 'pl', 'numeric');

/**
 * "23–25 września 2026" / "23–25 September 2026": the Warsaw days from the first session's to the last one's (with a
 * free day between sessions, the range spans it).
 */
export function dateRange(p: Pick<Product, 'startsAt' | 'days'> & Sessions, lang: Lang): string {
  const sessions = own(p);
  return sessions ? formatDayRange(new Date(sessions[0]!.start), spanDays(sessions), lang) : formatDayRange(new Date(p.startsAt), p.days, lang);
}

/** The cards' and headers' line: "23–25 września 2026 · Online (Zoom)". */
export function dayLine(p: Pick<Product, 'startsAt' | 'days' | 'place'> & Sessions, lang: Lang): string {
  const place = p.place[lang].trim();
  return place ? `${dateRange(p, lang)} · ${place}` : dateRange(p, lang);
}

/** "3 dni, 25,5 godziny" / "3 days, 25.5 hours"; a one-day event says its hours alone ("3 godziny"), or "1 dzień". */
export function durationLine(p: Pick<Product, 'days' | 'hours'>, lang: Lang): string {
  if (p.hours === null) return daysText(p.days, lang);
  return p.days === 1 ? hoursText(p.hours, lang) : `${daysText(p.days, lang)}, ${hoursText(p.hours, lang)}`;
}

/**
 * "10:00–18:30, przerwa 13:30–14:30" / "10:00–18:30, break 13:30–14:30" when every session keeps the same hours;
 * sessions of different hours each say theirs: "23.09 09:00–17:30; 28.09 09:00–13:00".
 */
function scheduleLine(p: Timing, lang: Lang): string {
  const sessions = own(p);
  const spans = sessions?.map((s) => `${warsawClock(s.start)}–${warsawClock(s.end)}`);
  if (sessions && spans && new Set(spans).size > 1) {
    return sessions.map((s, i) => `${formatDate(new Date(s.start), 'pl', 'numeric').slice(0, 5)} ${spans[i]}`).join('; ');
  }
  const from = sessions ? warsawClock(sessions[0]!.start) : warsawClock(p.startsAt);
  const to = sessions ? warsawClock(sessions[0]!.end) : p.dailyEnd;
  if (!p.breakTime) return `${from}–${to}`;
  return fillTemplate(factTexts[lang].withBreak, { from, to, breakFrom: p.breakTime.from, breakTo: p.breakTime.to });
}

/** When and where, for a buyer's mail: "23–25 września 2026, 10:00–18:30, przerwa 13:30–14:30 · Online (Zoom)". */
export function whenLine(p: Timing & Pick<Product, 'place'>, lang: Lang): string {
  const place = p.place[lang].trim();
  return `${dateRange(p, lang)}, ${scheduleLine(p, lang)}${place ? ` · ${place}` : ''}`;
}

/** "od 10 do 16 osób" / "10 to 16 people" ("16 osób" when the least and the most are the same). */
function groupLine(p: Pick<Product, 'groupSize'>, lang: Lang): string {
  const { min, max } = p.groupSize;
  return min === max ? peopleText(max, lang) : fillTemplate(factTexts[lang].groupRange, { min, max });
}

/** The price in a currency as the reader writes it ("2290 zł", "PLN 2,290"). */
function priceLine(p: Pick<Product, 'price'>, lang: Lang, currency: Currency = 'PLN'): string {
  const price = p.price.find((x) => x.name === currency) ?? p.price[1];
  return formatMinor(price.priceMinor, price.name, lang);
}

/**
 * The Details list: date, schedule, place, participants, price and hours from the fields, then the free lines no
 * field holds (e.g. accommodation). A line whose field is empty (no place, no hours) is left out.
 */
export function detailLines(p: Product, lang: Lang, currency: Currency = 'PLN'): ShownDetail[] {
  const t = factTexts[lang];
  const place = p.place[lang].trim();
  return [
    { label: t.date, value: dateRange(p, lang) },
    { label: t.schedule, value: scheduleLine(p, lang) },
    ...(place ? [{ label: t.place, value: place }] : []),
    { label: t.group, value: groupLine(p, lang) },
    { label: t.price, value: priceLine(p, lang, currency) },
    ...(p.hours !== null ? [{ label: t.hours, value: fillTemplate(t.towardsCertification, { hours: hoursText(p.hours, lang) }) }] : []),
    ...p.details.map((d) => ({ label: d.label[lang], value: d.value[lang] })),
  ];
}

/**
 * How long the first session lasts, for the calendar entry of a purchase: from the start to the daily end on the
 * start's Warsaw day (a DST change that night counts its hour).
 */
export function firstSessionMinutes(p: Pick<Product, 'startsAt' | 'dailyEnd'> & Sessions): number {
  const first = own(p)?.[0];
  if (first) return Math.max(0, Math.round((Date.parse(first.end) - Date.parse(first.start)) / 60_000));
  const end = onDayOf(p.startsAt, 0, p.dailyEnd);
  return Math.max(0, Math.round((end.getTime() - new Date(p.startsAt).getTime()) / 60_000));
}

/** One session as a page lists it: its Warsaw weekday and date, and from–to on Warsaw's clock. */
export type ShownSession = { id: string; weekday: string; date: string; from: string; to: string };

/** The sessions in time order as the pages list them, in the reader's language ("wtorek", "23 września 2026", "09:00", "17:30"). */
export function shownSessions(sessions: readonly Session[], lang: Lang): ShownSession[] {
  const weekday = new Intl.DateTimeFormat(lang === 'pl' ? 'pl-PL' : 'en-GB', { timeZone: 'Europe/Warsaw', weekday: 'long' });
  return [...sessions].sort((a, b) => a.start.localeCompare(b.start)).map((s) => ({
    id: s.id, weekday: weekday.format(new Date(s.start)), date: formatDate(new Date(s.start), lang), from: warsawClock(s.start), to: warsawClock(s.end),
  }));
}

/** When the watch page's join button appears: `joinOpensMinutes` before the start. */
export const joinOpensAt = (p: Pick<Product, 'startsAt' | 'joinOpensMinutes'>): Date =>
  new Date(new Date(p.startsAt).getTime() - p.joinOpensMinutes * 60_000);

/** The product in the API shape of spec section 3 (`GET /api/videos/{id}`): never a link. */
export function toApiVideo(p: Product) {
  const lines = (lang: Lang) => detailLines(p, lang).map((d) => `${d.label}: ${d.value}`).join('\n');
  return {
    key: p.key,
    title: p.title,
    titleEn: p.titleEn,
    date: productDate(p),
    desc: p.heroDesc.pl,
    details: lines('pl'),
    detailsEn: lines('en'),
    thumbnail: p.thumbnail,
  };
}
export type ApiVideo = ReturnType<typeof toApiVideo>;
