import { localeOf, type Lang } from './locale.ts';

/**
 * An amount in whole units of its currency, written one of two ways: `price` as a buyer reads it
 * ("2 290 zł", "€540"), `ledger` as the admin's audit trail lists it ("2290,00 PLN", "1,290.00 EUR").
 */
export function formatMoney(amount: number, currency: string, lang: Lang, style: 'price' | 'ledger' = 'price'): string {
  if (style === 'price') {
    return new Intl.NumberFormat(localeOf(lang), { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
  }
  return `${new Intl.NumberFormat(localeOf(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currency}`.trim();
}
