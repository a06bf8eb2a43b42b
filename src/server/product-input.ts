import * as v from 'valibot';
import { CATEGORIES, eventStart, isSiteMedia, warsawClock, type ProductInput } from '../../modules/catalogue/index.ts';
import { webLink } from '../../modules/shared/text/index.ts';

/**
 * The admin's product body (POST /api/admin/products, PUT /api/admin/products/{key}): every field of the local
 * product definition (spec 3) but the key, the live and recording links and `published`. Issue messages are
 * message-catalogue keys, one per kind of mistake, so the editor can say beside each field what is wrong with it.
 */
const INVALID = 'catalogue.productInvalid';
const REQUIRED = 'catalogue.fieldRequired';
const TOO_LONG = 'catalogue.fieldTooLong';
const text = (max = 2000) => v.pipe(v.string(REQUIRED), v.trim(), v.minLength(1, REQUIRED), v.maxLength(max, TOO_LONG));
const bilingual = (max = 2000) => v.object({ pl: text(max), en: text(max) }, INVALID);
/** A text that may be left empty in both languages. */
const optionalText = (max: number) => v.pipe(v.string(INVALID), v.trim(), v.maxLength(max, TOO_LONG));
const LINK = 'catalogue.productLinkInvalid';
const MEDIA = 'catalogue.productMediaInvalid';
/** A picture or video: a file the site serves under /media/, the only place the pages' CSP lets them come from. */
const media = v.pipe(v.string(MEDIA), v.trim(), v.check(isSiteMedia, MEDIA));
/** The thumbnail, which every product has: the editor's field is an upload, so an empty one asks for a picture. */
const thumbnail = v.pipe(v.string(MEDIA), v.trim(), v.check(isSiteMedia, (issue) => (issue.input === '' ? 'catalogue.thumbnailRequired' : MEDIA)));
/** A recording: one we serve from MEDIA_DIR (`media:recordings/…`) or an http(s) link. */
const recording = v.union([v.pipe(v.string(LINK), v.regex(/^media:(?!\/)(?!.*\.\.)\S{1,500}$/, LINK)), webLink(LINK)], LINK);
const PRICE = 'catalogue.productPriceInvalid';
const AMOUNT = 'catalogue.fieldPrice';
/**
 * The amount and currency only: a price's id (`api`) is the server's to give, and ignored when sent. The amount is
 * an integer of minor units (grosze, cents: 180050 is 1800.50), above zero (a checkout of nothing is no sale) and at
 * most 10,000,000.00; the editor turns what the admin types into it.
 */
export const MAX_PRICE_MINOR = 1_000_000_000;
const price = <C extends 'USD' | 'PLN' | 'EUR'>(currency: C) => v.object({
  priceMinor: v.pipe(v.number(AMOUNT), v.safeInteger(AMOUNT), v.minValue(1, AMOUNT), v.maxValue(MAX_PRICE_MINOR, AMOUNT)),
  name: v.literal(currency, PRICE),
}, PRICE);
const GROUP = 'catalogue.productGroupInvalid';
const HEADCOUNT = 'catalogue.fieldHeadcount';
const headcount = v.pipe(v.number(HEADCOUNT), v.integer(HEADCOUNT), v.minValue(1, HEADCOUNT), v.maxValue(10_000, HEADCOUNT));
const START = 'catalogue.productStartInvalid';
const IMPOSSIBLE = 'catalogue.productStartImpossible';
const CLOCK = 'catalogue.fieldClock';
/** 'HH:MM', 00:00 to 23:59. */
const clock = v.pipe(v.string(CLOCK), v.regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, CLOCK));
const DAYS = 'catalogue.fieldDays';
const HOURS = 'catalogue.fieldHours';
const JOIN = 'catalogue.fieldJoinMinutes';

const SESSION = 'catalogue.fieldSession';
const SESSION_HOURS = 'catalogue.fieldSessionHours';
const CERTIFICATE_HOURS = 'catalogue.fieldCertificateHours';
/** Hours in quarters (the decider checks each against its session's length, and the minimum against all of them). */
const quarterHours = (message: string) => v.pipe(v.number(message), v.minValue(0, message), v.maxValue(10_000, message), v.check((h) => Math.abs(Math.round(h * 4) - h * 4) < 1e-9, message));
const CAPACITY = 'catalogue.fieldCapacity';
const REMINDER = 'catalogue.fieldReminder';
/** An instant on a real calendar day (the decider checks the order and overlaps, naming the row). */
const instant = (message: string) => v.pipe(v.string(message), v.isoTimestamp(message), v.check((s) => eventStart(s) !== null, message),
  v.transform((s) => eventStart(s)!.toISOString()));
/** A session: its id when the product has it already (the server gives new ones and replaces ids it never gave). */
const session = v.object({
  id: v.optional(v.pipe(v.string(SESSION), v.regex(/^[\w-]{1,60}$/, SESSION))),
  start: instant(SESSION),
  end: instant(SESSION),
}, SESSION);

const ProductFields = v.object({
  category: v.picklist(CATEGORIES, 'catalogue.productCategoryInvalid'),
  title: text(300),
  titleEn: text(300),
  // The schedule: the sessions, or (an older client) the start, the days and each day's end, one session a day.
  sessions: v.optional(v.pipe(v.array(session, SESSION), v.maxLength(100, SESSION))),
  capacity: v.optional(v.nullable(v.number(CAPACITY))),
  // Hours a waiting list's offer holds its seat; whole, 1 to 14 days: the decider's rule.
  offerHours: v.optional(v.number('catalogue.fieldOfferHours')),
  // Issue 25: hours per session where the admin overrides the default, and the certificate's minimum (null: every session).
  sessionHours: v.optional(v.pipe(v.record(v.pipe(v.string(SESSION_HOURS), v.regex(/^[\w-]{1,60}$/, SESSION_HOURS)), quarterHours(SESSION_HOURS), SESSION_HOURS),
    v.check((r) => Object.keys(r).length <= 100, SESSION_HOURS))),
  certificateMinHours: v.optional(v.nullable(quarterHours(CERTIFICATE_HOURS))),
  // Minutes before each session; their rules (whole, 1 minute to 30 days, each once, at most 10) are the decider's.
  reminderOffsets: v.optional(v.pipe(v.array(v.number(REMINDER), REMINDER), v.maxLength(100, 'catalogue.remindersCount'))),
  startsAt: v.optional(v.pipe(v.string(START), v.isoTimestamp(START), v.check((s) => eventStart(s) !== null, IMPOSSIBLE), v.transform((s) => eventStart(s)!.toISOString()))),
  days: v.optional(v.pipe(v.number(DAYS), v.integer(DAYS), v.minValue(1, DAYS), v.maxValue(60, DAYS))),
  dailyEnd: v.optional(clock),
  breakTime: v.nullable(v.object({ from: clock, to: clock }, CLOCK)),
  // No place at all, or one in both languages (a page in one language would otherwise say none).
  place: v.pipe(
    v.object({ pl: optionalText(300), en: optionalText(300) }, INVALID),
    v.forward(v.check((p) => p.pl === '' || p.en !== '', REQUIRED), ['en']),
    v.forward(v.check((p) => p.en === '' || p.pl !== '', REQUIRED), ['pl']),
  ),
  hours: v.nullable(v.pipe(v.number(HOURS), v.minValue(0.5, HOURS), v.maxValue(10_000, HOURS), v.check((h) => Math.abs(Math.round(h * 100) - h * 100) < 1e-6, HOURS))),
  joinOpensMinutes: v.pipe(v.number(JOIN), v.integer(JOIN), v.minValue(0, JOIN), v.maxValue(1440, JOIN)),
  isOnline: v.boolean(INVALID),
  thumbnail,
  videoSrc: v.nullable(media),
  // Facilitator ids, the first leading; the pages read their names, photos and bios from them.
  facilitators: v.pipe(v.array(v.pipe(v.string(INVALID), v.regex(/^[\w-]{1,100}$/, INVALID)), INVALID), v.maxLength(20, INVALID),
    v.check((ids) => new Set(ids).size === ids.length, INVALID)),
  heroDesc: bilingual(10_000),
  whyWatch: v.pipe(v.array(v.object({ title: bilingual(300), desc: bilingual(2000) }, INVALID), INVALID), v.maxLength(50, INVALID)),
  subDesc: bilingual(10_000),
  details: v.pipe(v.array(v.object({ label: bilingual(300), value: bilingual(2000) }, INVALID), INVALID), v.maxLength(50, INVALID)),
  final: bilingual(10_000),
  certificate: v.nullable(media),
  recordingAvailable: v.boolean(INVALID),
  price: v.tuple([price('USD'), price('PLN'), price('EUR')], PRICE),
  groupSize: v.pipe(
    v.object({ min: headcount, max: headcount }, GROUP),
    v.forward(v.check((g) => g.min <= g.max, 'catalogue.fieldGroupOrder'), ['min']),
  ),
  liveLink: v.nullable(webLink(LINK)),
  recordingLink: v.nullable(recording),
  published: v.boolean(INVALID),
  // A live product's start in the past is meant (the decider refuses it otherwise; a recording product needs none).
  confirmPastStart: v.optional(v.boolean(INVALID)),
}, INVALID);

/** The first session's start, or the single start. */
const firstStart = (p: { sessions?: { start: string }[] | undefined; startsAt?: string | undefined }) =>
  (p.sessions && p.sessions.length > 0 ? p.sessions.map((s) => s.start).sort()[0]! : p.startsAt);

/**
 * Without sessions, the single start, days and daily end, the day's end after its start; the break inside the day
 * (from the first start's clock to the daily end without sessions), on Warsaw's clock.
 */
export const ProductBody = v.pipe(
  ProductFields,
  v.forward(v.partialCheck([['sessions'], ['startsAt']], (p) => p.sessions !== undefined || p.startsAt !== undefined, REQUIRED), ['startsAt']),
  v.forward(v.partialCheck([['sessions'], ['days']], (p) => p.sessions !== undefined || p.days !== undefined, DAYS), ['days']),
  v.forward(v.partialCheck([['sessions'], ['dailyEnd']], (p) => p.sessions !== undefined || p.dailyEnd !== undefined, CLOCK), ['dailyEnd']),
  v.forward(v.partialCheck([['sessions'], ['startsAt'], ['dailyEnd']], (p) => p.sessions !== undefined || p.startsAt === undefined || p.dailyEnd === undefined
    || p.dailyEnd > warsawClock(p.startsAt), 'catalogue.fieldDailyEnd'), ['dailyEnd']),
  v.forward(v.partialCheck([['sessions'], ['startsAt'], ['dailyEnd'], ['breakTime']], (p) => {
    if (p.breakTime === null) return true;
    const start = firstStart(p);
    const inside = p.sessions !== undefined || p.dailyEnd === undefined || start === undefined
      || (warsawClock(start) <= p.breakTime.from && p.breakTime.to <= p.dailyEnd);
    return p.breakTime.from < p.breakTime.to && inside;
  }, 'catalogue.fieldBreak'), ['breakTime']),
) satisfies v.GenericSchema<unknown, ProductInput>;

export const ProductKeyParams = v.object({ key: v.string() });
