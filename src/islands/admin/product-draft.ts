import { CATEGORIES, type AdminProduct, type Bilingual, type ProductInput } from '../../../modules/catalogue/index.ts';

export { CATEGORIES };
export type Draft = ProductInput;

const both = (): Bilingual => ({ pl: '', en: '' });

/** A new product's form: empty texts, prices to fill in (NaN shows as an empty box), published. */
export function emptyDraft(): Draft {
  return {
    category: 'seminar', title: '', titleEn: '', day: both(), startsAt: '', duration: both(), isOnline: true,
    thumbnail: '', videoSrc: null, channel: '', avatar: '', heroDesc: both(), whyWatch: [], subDesc: both(), details: [],
    final: both(), certificate: null, recordingAvailable: false, teachers: [],
    price: [{ price: Number.NaN, name: 'USD' }, { price: Number.NaN, name: 'PLN' }, { price: Number.NaN, name: 'EUR' }],
    groupSize: { min: Number.NaN, max: Number.NaN }, liveLink: null, recordingLink: null, published: true,
  };
}

/** The form of an existing product: everything the admin list gives but the key and the derived dd.mm.yyyy date. */
export function draftOf(product: AdminProduct): Draft {
  const { key: _key, date: _date, price, ...input } = product;
  // A price's id is the server's: the form holds only amounts.
  return { ...structuredClone(input), price: price.map((p) => ({ price: p.price, name: p.name })) as Draft['price'] };
}

/** An optional link or path: an empty box means none. */
export const optional = (value: string): string | null => (value.trim() === '' ? null : value);
