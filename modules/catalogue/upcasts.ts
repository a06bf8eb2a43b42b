/**
 * Product events recorded before prices were kept in minor units (issue 36) hold each price as `price` in whole
 * units (2290, 120.5). They are read as today's `priceMinor` (229000, 12050), converted exactly from the number's
 * decimal text (minorOfWhole), whenever the log is read: the log itself is never rewritten. The read models
 * stored before then are brought over once by migration catalogue_0004_price_minor.
 */
import { registerUpcaster } from '../shared/events/index.ts';
import { minorOfWhole } from '../shared/text/index.ts';

type AnyPrice = { price?: number; priceMinor?: number; name: string; api: string };

/** One price entry in today's shape (unchanged when it already is). */
export function upcastPrice(p: AnyPrice): { priceMinor: number; name: string; api: string } {
  if (typeof p.priceMinor === 'number') return p as { priceMinor: number; name: string; api: string };
  const { price, ...rest } = p;
  const minor = minorOfWhole(price ?? Number.NaN);
  if (minor === null) throw new Error(`a recorded price ${String(price)} ${p.name} is not an amount of at most two decimals`);
  return { ...rest, priceMinor: minor };
}

const prices = (list: unknown) => (Array.isArray(list) ? list.map((p) => upcastPrice(p as AnyPrice)) : list);

registerUpcaster('ProductPublished', (data) => {
  const d = data as { product: { price?: unknown } };
  return d.product?.price === undefined ? d : { ...d, product: { ...d.product, price: prices(d.product.price) } };
});
registerUpcaster('ProductRevised', (data) => {
  const d = data as { changes: { price?: unknown } };
  return d.changes?.price === undefined ? d : { ...d, changes: { ...d.changes, price: prices(d.changes.price) } };
});
