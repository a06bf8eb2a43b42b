import * as v from 'valibot';
import { CATEGORIES, eventStart, isSiteMedia, type ProductInput } from '../../modules/catalogue/index.ts';
import { webLink } from '../../modules/shared/text/index.ts';

/**
 * The admin's product body (POST /api/admin/products, PUT /api/admin/products/{key}): every field of the local
 * product definition (spec 3) but the key and the dd.mm.yyyy date (it follows from the start), the live and
 * recording links and `published`. Issue messages are message-catalogue keys.
 */
const INVALID = 'catalogue.productInvalid';
const text = (max = 2000) => v.pipe(v.string(INVALID), v.trim(), v.minLength(1, INVALID), v.maxLength(max, INVALID));
const bilingual = (max = 2000) => v.object({ pl: text(max), en: text(max) }, INVALID);
const LINK = 'catalogue.productLinkInvalid';
const MEDIA = 'catalogue.productMediaInvalid';
/** A picture or video: a file the site serves under /media/, the only place the pages' CSP lets them come from. */
const media = v.pipe(v.string(MEDIA), v.trim(), v.check(isSiteMedia, MEDIA));
/** A recording: one we serve from MEDIA_DIR (`media:recordings/…`) or an http(s) link. */
const recording = v.union([v.pipe(v.string(LINK), v.regex(/^media:(?!\/)(?!.*\.\.)\S{1,500}$/, LINK)), webLink(LINK)], LINK);
const PRICE = 'catalogue.productPriceInvalid';
const price = <C extends 'USD' | 'PLN' | 'EUR'>(currency: C) => v.object({
  price: v.pipe(v.number(PRICE), v.integer(PRICE), v.minValue(1, PRICE), v.maxValue(10_000_000, PRICE)),
  name: v.literal(currency, PRICE),
  api: text(200),
}, PRICE);
const GROUP = 'catalogue.productGroupInvalid';
const headcount = v.pipe(v.number(GROUP), v.integer(GROUP), v.minValue(1, GROUP), v.maxValue(10_000, GROUP));
const START = 'catalogue.productStartInvalid';
const IMPOSSIBLE = 'catalogue.productStartImpossible';

export const ProductBody = v.object({
  category: v.picklist(CATEGORIES, 'catalogue.productCategoryInvalid'),
  title: text(300),
  titleEn: text(300),
  day: bilingual(300),
  startsAt: v.pipe(v.string(START), v.isoTimestamp(START), v.check((s) => eventStart(s) !== null, IMPOSSIBLE), v.transform((s) => eventStart(s)!.toISOString())),
  duration: bilingual(300),
  isOnline: v.boolean(INVALID),
  thumbnail: media,
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
  groupSize: v.pipe(v.object({ min: headcount, max: headcount }, GROUP), v.check((g) => g.min <= g.max, GROUP)),
  liveLink: v.nullable(webLink(LINK)),
  recordingLink: v.nullable(recording),
  published: v.boolean(INVALID),
}, INVALID) satisfies v.GenericSchema<unknown, ProductInput>;

export const ProductKeyParams = v.object({ key: v.string() });
