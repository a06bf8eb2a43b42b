import { describe, expect, it } from 'vitest';
import { formatMoney, localeOf } from '../../../../modules/shared/text/index.ts';

// Intl separates groups and the symbol with no-break spaces, so an amount never wraps between its number and currency.
const spaced = (s: string) => s.replaceAll('\u00a0', ' ');

describe('amounts as a buyer reads them (whole units; shop, mails, the dev checkout)', () => {
  it.each([
    ['pl', 'PLN', ['0 zł', '2290 zł', '12 290 zł']],
    ['pl', 'EUR', ['0 €', '2290 €', '12 290 €']],
    ['pl', 'USD', ['0 USD', '2290 USD', '12 290 USD']],
    ['en', 'PLN', ['PLN 0', 'PLN 2,290', 'PLN 12,290']],
    ['en', 'EUR', ['€0', '€2,290', '€12,290']],
    ['en', 'USD', ['US$0', 'US$2,290', 'US$12,290']],
  ] as const)('in %s, %s: zero, four digits (Polish groups only from five) and five digits', (lang, currency, expected) => {
    expect([0, 2290, 12_290].map((amount) => spaced(formatMoney(amount, currency, lang)))).toEqual(expected);
  });

  it('keeps the number and the currency together on one line', () => {
    expect(formatMoney(12_290, 'PLN', 'pl')).toBe('12\u00a0290\u00a0zł');
  });

  it('shows no fraction, and a negative amount with its sign', () => {
    expect(spaced(formatMoney(-540, 'EUR', 'pl'))).toBe('-540 €');
    expect(formatMoney(-540, 'EUR', 'en')).toBe('-€540');
    expect(formatMoney(540.4, 'EUR', 'en')).toBe('€540');
  });
});

describe('amounts as the audit trail lists them (two decimals, then the currency code)', () => {
  it.each([
    ['pl', 'PLN', ['0,00 PLN', '2290,00 PLN', '12 290,00 PLN', '-540,00 PLN']],
    ['pl', 'EUR', ['0,00 EUR', '2290,00 EUR', '12 290,00 EUR', '-540,00 EUR']],
    ['pl', 'USD', ['0,00 USD', '2290,00 USD', '12 290,00 USD', '-540,00 USD']],
    ['en', 'PLN', ['0.00 PLN', '2,290.00 PLN', '12,290.00 PLN', '-540.00 PLN']],
    ['en', 'EUR', ['0.00 EUR', '2,290.00 EUR', '12,290.00 EUR', '-540.00 EUR']],
    ['en', 'USD', ['0.00 USD', '2,290.00 USD', '12,290.00 USD', '-540.00 USD']],
  ] as const)('in %s, %s', (lang, currency, expected) => {
    expect([0, 2290, 12_290, -540].map((amount) => spaced(formatMoney(amount, currency, lang, 'ledger')))).toEqual(expected);
  });
});

describe('the locale of each language', () => {
  it('is Polish for pl and British English for en (day before month, 24-hour clock)', () => {
    expect([localeOf('pl'), localeOf('en')]).toEqual(['pl-PL', 'en-GB']);
  });
});
