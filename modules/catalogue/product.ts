/** The catalogue's vocabulary: products (seminars, workshops, trainings), their events and the rules for them. */
import { DomainError, nobody, type Decider } from '../shared/kernel/index.ts';

/** A text in both languages of the site. */
export type Bilingual = { pl: string; en: string };

export type Category = 'seminar' | 'workshop' | 'training';
export const CATEGORIES: readonly Category[] = ['seminar', 'workshop', 'training'];

export type Currency = 'USD' | 'PLN' | 'EUR';
/** One price entry: the spec keeps three, index 0 USD, 1 PLN, 2 EUR. `api` is the payment provider's price id. */
export type Price = { price: number; name: Currency; api: string };

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
  /** Display date range and place, e.g. "23–28 września 2026 · Warszawa". */
  day: Bilingual;
  /** dd.mm.yyyy, in Europe/Warsaw. */
  date: string;
  /** The event's start as an instant (ISO 8601); the wall clock it was given in is Europe/Warsaw. */
  startsAt: string;
  duration: Bilingual;
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
  details: DetailLine[];
  /** Audience and certificate. */
  final: Bilingual;
  certificate: string | null;
  recordingAvailable: boolean;
  /** Derived from `facilitators` when read. */
  teachers: Teacher[];
  price: [Price, Price, Price];
  groupSize: { min: number; max: number };
};

/** Never leaves the server in this issue; purchases hand them to owners inside the access window. */
export type ProductSecrets = { liveLink: string | null; recordingLink: string | null };

export type ProductPublished = { type: 'ProductPublished'; data: { product: Product; secrets: ProductSecrets } };
export type ProductRevised = { type: 'ProductRevised'; data: { key: string; changes: Partial<Omit<Product, 'key'>>; secrets?: Partial<ProductSecrets> } };
/** Taken off the public pages and off sale (an admin's choice); its owners keep what they bought. */
export type ProductUnpublished = { type: 'ProductUnpublished'; data: { key: string } };
/** Back on the public pages and on sale. */
export type ProductRepublished = { type: 'ProductRepublished'; data: { key: string } };
export type ProductEvent = ProductPublished | ProductRevised | ProductUnpublished | ProductRepublished;

export const productStream = (key: string) => `product-${key}`;

/** `published: false` adds the product hidden from the public pages (the admin publishes it later). */
export type PublishProduct = { type: 'PublishProduct'; product: Product; secrets: ProductSecrets; published?: boolean };
/** `changes` may repeat current values (an admin's form sends every field): only what differs is recorded. */
export type ReviseProduct = {
  type: 'ReviseProduct'; key: string; changes: ProductRevised['data']['changes']; secrets?: Partial<ProductSecrets>; published?: boolean;
};
export type ProductCommand = PublishProduct | ReviseProduct;
export type ProductState =
  | { status: 'absent' }
  | { status: 'published' | 'unpublished'; product: Product; secrets: ProductSecrets };

/** JSON with every object's keys sorted: the log's jsonb gives stored objects back in its own key order. */
const canonical = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v)
  ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v));

/** The entries of `next` whose value differs from the same entry of `current` (compared as JSON, whatever the key order). */
function differing<T extends object>(next: Partial<T>, current: T): Partial<T> {
  return Object.fromEntries(Object.entries(next).filter(([k, v]) => canonical(v) !== canonical(current[k as keyof T]))) as Partial<T>;
}

/** Whether the product is to be shown and sold changes only when asked to and different from now. */
function visibility(key: string, wanted: boolean | undefined, now: 'published' | 'unpublished'): ProductEvent[] {
  if (wanted === undefined || wanted === (now === 'published')) return [];
  return [wanted ? { type: 'ProductRepublished', data: { key } } : { type: 'ProductUnpublished', data: { key } }];
}

/**
 * A product is added once per key (`product-exists`); a revision needs a product (`product-not-found`), published or
 * not. A revision records only the fields and links that change, and nothing when none does. Unpublishing takes a
 * published product off the public pages and off sale; publishing brings an unpublished one back; asking for
 * what already is records nothing.
 */
export const productDecider: Decider<ProductCommand, ProductEvent, ProductState> = {
  initialState: () => ({ status: 'absent' }),
  /** Everyone's pages: products reach the public and owners' pages through the catalogue's changes (changes.ts). */
  concerns: { ProductPublished: nobody, ProductRevised: nobody, ProductUnpublished: nobody, ProductRepublished: nobody },
  evolve(state, event) {
    switch (event.type) {
      case 'ProductPublished': return { status: 'published', product: event.data.product, secrets: event.data.secrets };
      case 'ProductRevised':
        return state.status === 'absent' ? state
          : { ...state, product: { ...state.product, ...event.data.changes }, secrets: { ...state.secrets, ...event.data.secrets } };
      case 'ProductUnpublished': return state.status === 'absent' ? state : { ...state, status: 'unpublished' };
      case 'ProductRepublished': return state.status === 'absent' ? state : { ...state, status: 'published' };
      default: { const never: never = event; return never; }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'PublishProduct': {
        if (state.status !== 'absent') throw new DomainError('product-exists', { key: command.product.key });
        const { product, secrets } = command;
        return [{ type: 'ProductPublished', data: { product, secrets } }, ...visibility(product.key, command.published, 'published')];
      }
      case 'ReviseProduct': {
        if (state.status === 'absent') throw new DomainError('product-not-found', { key: command.key });
        const { key } = command;
        const changes = differing(command.changes, state.product);
        const secrets = command.secrets ? differing(command.secrets, state.secrets) : {};
        const revised: ProductEvent[] = Object.keys(changes).length === 0 && Object.keys(secrets).length === 0 ? []
          : [{ type: 'ProductRevised', data: { key, changes, ...(Object.keys(secrets).length > 0 ? { secrets } : {}) } }];
        return [...revised, ...visibility(key, command.published, state.status)];
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};

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

/** An event 24 hours past its start has ended: its page turns to the recording or the ended state (spec 4, 9). */
export const ENDED_AFTER_MS = 24 * 60 * 60 * 1000;
export const isEventOver = (startsAt: Date, now: Date): boolean => now.getTime() >= startsAt.getTime() + ENDED_AFTER_MS;
export const isUpcoming = (p: Pick<Product, 'startsAt'>, now: Date) => !isEventOver(new Date(p.startsAt), now);

/** A working day of a multi-day training runs 09:00–17:30 (spec section 9). */
const WORKING_DAY_MINUTES = 510;

/**
 * How long the first session lasts, for the calendar entry of a purchase: the hours of the English
 * duration line ("3 hours", "6 days, 50 hours"), never more than one working day; a working day when it names no hours.
 */
export function firstSessionMinutes(p: Pick<Product, 'duration'>): number {
  const hours = /([\d.]+)\s*hours?/.exec(p.duration.en);
  return Math.min(hours ? Math.round(Number(hours[1]) * 60) : WORKING_DAY_MINUTES, WORKING_DAY_MINUTES);
}

/** The price in a currency (index 0 USD, 1 PLN, 2 EUR). */
export const priceIn = (p: Pick<Product, 'price'>, currency: Currency): Price =>
  p.price.find((x) => x.name === currency) ?? p.price[1];

/** The product in the API shape of spec section 3 (`GET /api/videos/{id}`): never a link. */
export function toApiVideo(p: Product) {
  const lines = (lang: 'pl' | 'en') => p.details.map((d) => `${d.label[lang]}: ${d.value[lang]}`).join('\n');
  return {
    key: p.key,
    title: p.title,
    titleEn: p.titleEn,
    date: p.date,
    desc: p.heroDesc.pl,
    details: lines('pl'),
    detailsEn: lines('en'),
    thumbnail: p.thumbnail,
  };
}
export type ApiVideo = ReturnType<typeof toApiVideo>;
