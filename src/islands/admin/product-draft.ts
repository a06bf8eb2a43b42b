import { CATEGORIES, DEFAULT_REMINDER_OFFSETS, JOIN_OPENS_MINUTES, reminderOffsetsOf, sessionsOf, type AdminProduct, type Bilingual, type ProductInput } from '../../../modules/catalogue/index.ts';

export { CATEGORIES };
export type Draft = ProductInput;

const both = (): Bilingual => ({ pl: '', en: '' });

/** A new product's form: empty texts, numbers to fill in (NaN shows as an empty box), one day, no break, published. */
export function emptyDraft(): Draft {
  return {
    category: 'seminar', title: '', titleEn: '', sessions: [{ start: '', end: '' }], capacity: null, reminderOffsets: [...DEFAULT_REMINDER_OFFSETS], breakTime: null, place: both(), hours: null,
    joinOpensMinutes: JOIN_OPENS_MINUTES, isOnline: true,
    thumbnail: '', videoSrc: null, facilitators: [], heroDesc: both(), whyWatch: [], subDesc: both(), details: [],
    final: both(), certificate: null, recordingAvailable: false,
    price: [{ priceMinor: Number.NaN, name: 'USD' }, { priceMinor: Number.NaN, name: 'PLN' }, { priceMinor: Number.NaN, name: 'EUR' }],
    groupSize: { min: Number.NaN, max: Number.NaN }, liveLink: null, recordingLink: null, published: true,
  };
}

/** The form of an existing product: everything the admin list gives but the key and what is derived (the teachers). */
export function draftOf(product: AdminProduct): Draft {
  const { key: _key, channel: _channel, avatar: _avatar, teachers: _teachers, price, startsAt: _startsAt, days: _days, dailyEnd: _dailyEnd, ...input } = product;
  // A price's id is the server's: the form holds only amounts. The schedule is the sessions (their ids sent back).
  return {
    ...structuredClone(input), sessions: sessionsOf(product), capacity: product.capacity ?? null, reminderOffsets: [...reminderOffsetsOf(product)],
    price: price.map((p) => ({ priceMinor: p.priceMinor, name: p.name })) as Draft['price'],
  };
}

/** The server's issues (`[{ field, message }]`, the field a dotted path of the body) as a lookup by path. */
export type FieldIssues = Readonly<Record<string, string>>;
export function issuesOf(data: unknown): FieldIssues {
  const issues = (data as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return {};
  return Object.fromEntries(issues.filter((i): i is { field: string; message: string } =>
    typeof i === 'object' && i !== null && typeof (i as { field?: unknown }).field === 'string' && typeof (i as { message?: unknown }).message === 'string')
    .map((i) => [i.field, i.message]));
}

/** The message about a field, or about the object or list that holds it ("breakTime" for "breakTime.from"). */
export function issueAt(issues: FieldIssues, path: string): string | undefined {
  for (let at = path; at !== ''; at = at.includes('.') ? at.slice(0, at.lastIndexOf('.')) : '') {
    if (issues[at] !== undefined) return issues[at];
  }
  return undefined;
}

/** An optional link or path: an empty box means none. */
export const optional = (value: string): string | null => (value.trim() === '' ? null : value);

/** The value at a dotted path of a body ("sessions.1.start"); undefined where there is none. */
function valueAt(body: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), body);
}

/**
 * The issues of a refusal that still stand: those whose field (or the object or list it names) holds what was sent.
 * A field edited since shows no message until the next save says otherwise.
 */
export function issuesStanding(issues: FieldIssues, sent: unknown, now: unknown): FieldIssues {
  const same = (path: string) => JSON.stringify(valueAt(sent, path)) === JSON.stringify(valueAt(now, path));
  return Object.fromEntries(Object.entries(issues).filter(([path]) => same(path)));
}
