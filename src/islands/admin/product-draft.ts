import { CATEGORIES, type AdminProduct, type Bilingual, type ProductInput } from '../../../modules/catalogue/index.ts';

export { CATEGORIES };
export type Draft = ProductInput;

const both = (): Bilingual => ({ pl: '', en: '' });

/** A new product's form: empty texts, prices to fill in (NaN shows as an empty box), published. */
export function emptyDraft(): Draft {
  return {
    category: 'seminar', title: '', titleEn: '', day: both(), startsAt: '', duration: both(), isOnline: true,
    thumbnail: '', videoSrc: null, facilitators: [], heroDesc: both(), whyWatch: [], subDesc: both(), details: [],
    final: both(), certificate: null, recordingAvailable: false,
    price: [{ price: Number.NaN, name: 'USD', api: '' }, { price: Number.NaN, name: 'PLN', api: '' }, { price: Number.NaN, name: 'EUR', api: '' }],
    groupSize: { min: Number.NaN, max: Number.NaN }, liveLink: null, recordingLink: null, published: true,
  };
}

/** The form of an existing product: everything the admin list gives but the key and what is derived (the date, the teachers). */
export function draftOf(product: AdminProduct): Draft {
  const { key: _key, date: _date, channel: _channel, avatar: _avatar, teachers: _teachers, ...input } = product;
  return structuredClone(input);
}

/** An optional link or path: an empty box means none. */
export const optional = (value: string): string | null => (value.trim() === '' ? null : value);
