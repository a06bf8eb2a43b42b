import { firstSessionMinutes, joinOpensAt, lastSessionEnd, sessionsOf, whenLine, type Catalogue } from '../../modules/catalogue/index.ts';
import type { ProductForSale } from '../../modules/purchases/index.ts';

/** The catalogue's product as purchases sees it: prices, start, and the links only purchases may hand out. */
export async function productForSale(catalogue: Catalogue, key: string): Promise<ProductForSale | null> {
  const found = await catalogue.productWithLinks(key);
  if (!found) return null;
  const { product, links, published, scheduleRevision } = found;
  return {
    key: product.key,
    title: { pl: product.title, en: product.titleEn },
    liveAt: new Date(product.startsAt),
    durationMinutes: firstSessionMinutes(product),
    // The live part ends with its last session, which decides the early-start consent, the 24-hour rule and access.
    liveEndsAt: lastSessionEnd(sessionsOf(product)),
    sessions: sessionsOf(product).map((s) => ({ id: s.id, start: new Date(s.start), end: new Date(s.end) })),
    capacity: product.capacity ?? null,
    ...(product.offerHours !== undefined ? { offerHours: product.offerHours } : {}),
    recordingAvailable: product.recordingAvailable,
    joinOpensAt: joinOpensAt(product),
    when: { pl: whenLine(product, 'pl'), en: whenLine(product, 'en') },
    prices: product.price.map((p) => ({ currency: p.name, amountMinor: p.priceMinor, priceId: p.api })),
    recordingLink: links.recordingLink,
    liveLink: links.liveLink,
    published,
    scheduleRevision,
  };
}
