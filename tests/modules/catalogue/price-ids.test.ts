import { describe, expect, it } from 'vitest';
import { productDecider } from '../../../modules/catalogue/product-decider.ts';
import { priceIdOf, type Product, type ProductEvent } from '../../../modules/catalogue/product.ts';
import { demoProducts } from '../../../modules/catalogue/seed/products.ts';
import { deciderSpec } from '../../../modules/shared/kernel/spec.ts';

const { product, secrets } = demoProducts(new Date('2026-11-23T10:00:00Z'))[0]!;
const published: ProductEvent = { type: 'ProductPublished', data: { product, secrets } };
const products = deciderSpec(productDecider);
const typedByHand = (amount: number): Product['price'] =>
  [{ priceMinor: 7_700, name: 'USD', api: 'price_1RealStripeUsd' }, { priceMinor: amount, name: 'PLN', api: 'price_1RealStripePln' }, { priceMinor: 6_800, name: 'EUR', api: '' }];

/** Nobody types a price id any more: the server gives one per product and currency, and it stays the product's. */
describe('a product\'s price ids', () => {
  it('are one per product and currency, and differ between products', () => {
    expect(priceIdOf('6f1c2a52-3b8e', 'PLN')).toBe('6f1c2a52-3b8e-pln');
    expect(new Set(['a', 'a-pln', 'b'].flatMap((key) => (['USD', 'PLN', 'EUR'] as const).map((c) => priceIdOf(key, c)))).size).toBe(9);
  });

  it('are kept by a revision whatever ids it carries: only the amount changes', () => {
    const [usd, pln, eur] = product.price;
    products.given([published]).when({ type: 'ReviseProduct', key: product.key, changes: { price: typedByHand(239_000) } })
      .then([{ type: 'ProductRevised', data: { key: product.key, changes: { price: [{ ...usd, priceMinor: 7_700 }, { ...pln, priceMinor: 239_000 }, { ...eur, priceMinor: 6_800 }] } } }]);
  });

  it('make a revision of the same amounts with other ids record nothing', () => {
    const same = product.price.map((p) => ({ ...p, api: 'price_other' })) as Product['price'];
    products.given([published]).when({ type: 'ReviseProduct', key: product.key, changes: { price: same } }).thenNothing();
  });
});
