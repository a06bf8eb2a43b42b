/**
 * The catalogue's vocabulary: products (seminars, workshops, trainings), their events and the facts read from them.
 * What a command may record is the decider's (product-decider.ts).
 */
import type { CertificateHours } from './hours.ts';
import type { ProductScheduleChanged } from './schedule-change.ts';
import { lastSessionEnd, sessionsOf, type Session } from './sessions.ts';
import './upcasts.ts'; // product events of older shapes are read in today's (prices in minor units)

/** A text in both languages of the site. */
export type Bilingual = { pl: string; en: string };

export type Category = 'seminar' | 'workshop' | 'training';
export const CATEGORIES: readonly Category[] = ['seminar', 'workshop', 'training'];

export type Currency = 'USD' | 'PLN' | 'EUR';
/**
 * One price entry: the spec keeps three, index 0 USD, 1 PLN, 2 EUR. `api` is the price's id, which a checkout names
 * (the spec's `priceId`): given by the server when the product is added (`priceIdOf`), kept for life, never typed by
 * hand; what a buyer pays is always `priceMinor` (an integer of grosze or cents, upcasts.ts for older events), never
 * a payment provider's amount for that id.
 */
export type Price = { priceMinor: number; name: Currency; api: string };
/** A price as the admin sends it: the amount and currency only. */
export type PriceInput = Omit<Price, 'api'>;

/** The id a new product's price gets: one per product and currency, unique since product keys are. */
export const priceIdOf = (key: string, currency: Currency): string => `${key}-${currency.toLowerCase()}`;

export type Teacher = { img: string; text: string; desc: string; descEn: string };
export type LearningPoint = { title: Bilingual; desc: Bilingual };
export type DetailLine = { label: Bilingual; value: Bilingual };

/**
 * The local product definition of spec section 3, as every page may see it.
 * The live link and the recording link are deliberately absent: they live in `ProductSecrets`.
 */
export type Product = {
  key: string;
  category: Category;
  title: string;
  titleEn: string;
  /**
   * The event's start as an instant (ISO 8601); the wall clock it was given in is Europe/Warsaw. Every day of the
   * event starts at this wall-clock time. The date line, dd.mm.yyyy date, duration and the Details lines of date,
   * schedule, place, participants, price and hours are derived from these fields (facts.ts), never stored.
   */
  startsAt: string;
  /** Consecutive days from the Warsaw date of `startsAt` (1 or more). */
  days: number;
  /** When each day ends, 'HH:MM' on Warsaw's clock. */
  dailyEnd: string;
  /** A break each day, 'HH:MM' to 'HH:MM' on Warsaw's clock, or none. */
  breakTime: { from: string; to: string } | null;
  /** Where it happens, e.g. "Online (Zoom)" or "Warszawa, ul. …". */
  place: Bilingual;
  /** Hours towards certification (e.g. 25.5), or null when it counts none. */
  hours: number | null;
  /** How many minutes before the start the watch page's join button appears. */
  joinOpensMinutes: number;
  isOnline: boolean;
  thumbnail: string;
  videoSrc: string | null;
  /**
   * The facilitators leading it, by id, the first leading: `channel`, `avatar` and `teachers` are then derived from
   * them whenever the product is read (teachers.ts). Absent only in products recorded before facilitators were
   * catalogue items, until the start-up migration (`adoptTeachers`) records their choice.
   */
  facilitators: string[];
  /** The facilitator leading it, and their avatar: derived from `facilitators` when read. */
  channel: string;
  avatar: string;
  heroDesc: Bilingual;
  whyWatch: LearningPoint[];
  subDesc: Bilingual;
  /** Only the free lines no field holds (e.g. accommodation); the derived lines come first (facts.ts). */
  details: DetailLine[];
  /** Audience and certificate. */
  final: Bilingual;
  certificate: string | null;
  recordingAvailable: boolean;
  /** Derived from `facilitators` when read. */
  teachers: Teacher[];
  price: [Price, Price, Price];
  groupSize: { min: number; max: number };
  /**
   * The sessions (issue 24), in time order; the first one's start is `startsAt`. Absent on products recorded before
   * sessions existed: `sessionsOf` derives them from `startsAt`, `days` and `dailyEnd` until the product is migrated.
   */
  sessions?: Session[];
  /** Seats for sale (issue 24): a checkout beyond them is refused as sold out; null or absent: no limit. */
  capacity?: number | null;
  /** How long a waiting list's offer holds its seat, in whole hours (issue 24); absent: 24. */
  offerHours?: number;
  /**
   * Minutes before each session a buyer is reminded (issue 24), earliest first; absent: DEFAULT_REMINDER_OFFSETS
   * (a day and an hour before). Read through `reminderOffsetsOf`.
   */
  reminderOffsets?: number[];
} & CertificateHours;

/** Never leaves the server in this issue; purchases hand them to owners inside the access window. */
export type ProductSecrets = { liveLink: string | null; recordingLink: string | null };

export type ProductPublished = { type: 'ProductPublished'; data: { product: Product; secrets: ProductSecrets } };
export type ProductRevised = { type: 'ProductRevised'; data: { key: string; changes: Partial<Omit<Product, 'key'>>; secrets?: Partial<ProductSecrets> } };
/** Taken off the public pages and off sale (an admin's choice); its owners keep what they bought. */
export type ProductUnpublished = { type: 'ProductUnpublished'; data: { key: string } };
/** Back on the public pages and on sale. */
export type ProductRepublished = { type: 'ProductRepublished'; data: { key: string } };
export type ProductEvent = ProductPublished | ProductRevised | ProductUnpublished | ProductRepublished | ProductScheduleChanged;

export const productStream = (key: string) => `product-${key}`;

/**
 * A picture or video the pages can show: a file the site itself serves from public/media, since the pages'
 * Content-Security-Policy takes images and media from the site alone (an https address elsewhere, `//host/…` or
 * `/\\host/…`, which browsers read as another host, would be blocked). Each segment letters, digits, `.`, `_`, `-`
 * or `~`, none of them `.` or `..`; not the owners-only recordings under /media/recordings/.
 */
export function isSiteMedia(path: string): boolean {
  return path.length <= 500 && /^\/media(?:\/(?!\.{1,2}(?:\/|$))[\w.~-]+)+$/.test(path) && !path.startsWith('/media/recordings/');
}

/** Events are dated within these years: a date outside them is a typing error (and year 0 is no year a calendar or PostgreSQL knows). */
export const EVENT_YEARS = { from: 2000, to: 2100 } as const;

/**
 * The instant an admin's start (ISO 8601 date and time) names, or null when it names none: its calendar date must
 * exist as written (no 30 February, which a Date would silently read as 2 March) and its year lie within EVENT_YEARS.
 */
export function eventStart(text: string): Date | null {
  const written = /^(\d{4})-(\d{2})-(\d{2})T/.exec(text);
  const instant = new Date(text);
  if (!written || Number.isNaN(instant.getTime())) return null;
  const [year, month, day] = written.slice(1).map(Number) as [number, number, number];
  if (year < EVENT_YEARS.from || year > EVENT_YEARS.to) return null;
  const calendar = new Date(Date.UTC(year, month - 1, day));
  return calendar.getUTCFullYear() === year && calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day ? instant : null;
}

/**
 * An event 24 hours past the end of its last session has ended: its page turns to the recording or the ended state
 * (spec 4, 9; issue 24 counts from the last session, so a 6-day training is not over the day after its first day).
 */
export const ENDED_AFTER_MS = 24 * 60 * 60 * 1000;
export const isEventOver = (endsAt: Date, now: Date): boolean => now.getTime() >= endsAt.getTime() + ENDED_AFTER_MS;
export const isUpcoming = (p: Pick<Product, 'startsAt' | 'days' | 'dailyEnd' | 'sessions'>, now: Date) => !isEventOver(lastSessionEnd(sessionsOf(p)), now);

/** The join button's default: half an hour before the start. */
export const JOIN_OPENS_MINUTES = 30;

/** The price in a currency (index 0 USD, 1 PLN, 2 EUR). */
export const priceIn = (p: Pick<Product, 'price'>, currency: Currency): Price =>
  p.price.find((x) => x.name === currency) ?? p.price[1];
