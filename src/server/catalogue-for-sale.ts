import type { Catalogue } from '../../modules/catalogue/index.ts';
import type { ProductForSale } from '../../modules/purchases/index.ts';

/** A working day of a multi-day training runs 09:00–17:30 (spec section 9): the calendar entry covers the first one. */
const WORKING_DAY_MINUTES = 510;

/** Minutes of the first session, from the English duration line ("3 hours", "6 days, 50 hours"). */
export function firstSessionMinutes(duration: string): number {
  const hours = /([\d.]+)\s*hours?/.exec(duration);
  const minutes = hours ? Math.round(Number(hours[1]) * 60) : WORKING_DAY_MINUTES;
  return Math.min(minutes, WORKING_DAY_MINUTES);
}

/** The catalogue's product as purchases sees it: prices, start, and the links only purchases may hand out. */
export async function productForSale(catalogue: Catalogue, key: string): Promise<ProductForSale | null> {
  const found = await catalogue.productWithLinks(key);
  if (!found) return null;
  const { product, links } = found;
  return {
    key: product.key,
    title: { pl: product.title, en: product.titleEn },
    liveAt: new Date(product.startsAt),
    durationMinutes: firstSessionMinutes(product.duration.en),
    prices: product.price.map((p) => ({ currency: p.name, amount: p.price, priceId: p.api })),
    recordingLink: links.recordingLink,
    liveLink: links.liveLink,
  };
}
