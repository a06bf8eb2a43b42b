import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineOf, totalsOf } from '../../../modules/invoicing/document.ts';
import { stripeLineItem } from '../../../modules/purchases/providers.ts';
import { purchaseDecider, type PurchaseCommand, type PurchaseEvent } from '../../../modules/purchases/purchase.ts';
import { formatMinor, minorOfWhole, minorText, parseMinor } from '../../../modules/shared/text/index.ts';

const decide = (events: PurchaseEvent[], command: PurchaseCommand) =>
  purchaseDecider.decide(command, events.reduce((state, event) => purchaseDecider.evolve(state, event), purchaseDecider.initialState()));

const sale = { liveAt: '2026-03-01T17:00:00.000Z', priceIds: ['k1-pln'], published: true };
const currencies = fc.constantFrom('PLN' as const, 'EUR' as const, 'USD' as const);

/**
 * Issue 36: an amount is an integer of minor units from the catalogue's price to the provider's line item, the
 * recorded checkout and payment, and the invoice line; it is the same integer at every step, never a float between.
 */
describe('an amount on its way from the catalogue to the invoice', () => {
  it('stays the same integer through checkout, provider call, payment and invoice line', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 10_000_000 }), currencies, fc.constantFrom(23, 8, 5, 0), (priceMinor, currency, rate) => {
      const price = { currency, amountMinor: priceMinor, priceId: 'k1-pln' };
      const checkout = { purchaseId: 'p1', userId: 'u1', productKey: 'k1', priceId: price.priceId, currency, amountMinor: price.amountMinor,
        provider: 'stripe' as const, providerSessionId: 'cs_1', startedAt: '2026-02-01T10:00:00.000Z' };
      const started = decide([], { type: 'StartCheckout', checkout, sale, ownedThrough: null }).find((e) => e.type === 'CheckoutStarted')!;
      expect(started.type === 'CheckoutStarted' && started.data.amountMinor).toBe(priceMinor);

      const item = stripeLineItem({ price, product: { title: { pl: 'Trening', en: 'Training' } } as never, locale: 'pl' });
      expect(Number.isInteger(item.price_data!.unit_amount)).toBe(true);
      expect(item.price_data!.unit_amount).toBe(priceMinor);

      // The provider reports what it took: exactly the line item's amount.
      const payment = { purchaseId: 'p1', userId: 'u1', productKey: 'k1', currency, amountMinor: item.price_data!.unit_amount!, provider: 'stripe' as const,
        providerSessionId: 'cs_1', paymentIntentId: 'pi_1', paidAt: '2026-02-01T10:05:00.000Z' };
      const [paid] = decide([started], { type: 'CompletePurchase', payment, catalogueAsks: { amountMinor: priceMinor, currency },
        accessUntil: '2026-05-30T16:00:00.000Z', ownedThrough: null });
      expect(paid?.type).toBe('PurchaseCompleted');
      const paidMinor = (paid as Extract<PurchaseEvent, { type: 'PurchaseCompleted' }>).data.amountMinor;
      expect(Number.isInteger(paidMinor)).toBe(true);
      expect(paidMinor).toBe(priceMinor);

      const line = lineOf({ pl: 'Trening', en: 'Training' }, 'k1', paidMinor, { kind: 'rate', rate });
      for (const amount of [line.grossMinor, line.netMinor, line.vatMinor]) expect(Number.isInteger(amount)).toBe(true);
      expect(line.grossMinor).toBe(priceMinor);
      expect(line.netMinor + line.vatMinor).toBe(priceMinor);
      expect(totalsOf([line]).grossMinor).toBe(priceMinor);
    }), { numRuns: 300 });
  });

  it('is written at the edge from its digits and read back from what the admin types, exactly', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (minor) => {
      expect(parseMinor(minorText(minor))).toBe(minor);
      expect(parseMinor(minorText(minor).replace('.', ','))).toBe(minor);
      expect(minorOfWhole(Number(minorText(minor)))).toBe(minor);
    }), { numRuns: 500 });
  });

  it('reads the ways an admin types an amount, and refuses what is none', () => {
    expect(parseMinor('1 800,50')).toBe(180_050);
    expect(parseMinor('1\u00a0800,5')).toBe(180_050);
    expect(parseMinor('1800.50')).toBe(180_050);
    expect(parseMinor('1.800,50')).toBe(180_050);
    expect(parseMinor('1,800.50')).toBe(180_050);
    expect(parseMinor('2 200')).toBe(220_000);
    expect(parseMinor('0,07')).toBe(7);
    expect(parseMinor('12,345')).toBe(1_234_500); // a comma before three digits groups thousands
    for (const bad of ['', 'abc', '1,2,3', '-5', '1e3', '12.', ',50']) expect(parseMinor(bad)).toBeNull();
    // 0.1 + 0.2 style drift cannot happen: 0.29 × 100 is 28.999… as a float, read from its text it is 29.
    expect(minorOfWhole(0.29)).toBe(29);
    expect(minorOfWhole(120.5)).toBe(12_050);
    expect(minorOfWhole(1.005)).toBeNull();
  });

  it('is formatted only at the edge, cents shown when there are some', () => {
    expect(formatMinor(229_000, 'PLN', 'pl')).toBe('2290\u00a0zł');
    expect(formatMinor(12_050, 'PLN', 'pl')).toBe('120,50\u00a0zł');
    expect(formatMinor(12_050, 'EUR', 'en')).toBe('€120.50');
    expect(formatMinor(180_050, 'PLN', 'pl', 'ledger')).toBe('1800,50 PLN');
  });
});
