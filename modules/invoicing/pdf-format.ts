/**
 * How amounts, dates and user text are written on the invoice PDF. By hand rather than through Intl: an issued PDF
 * must give the same bytes years later, and ICU updates change Intl's output (Polish grouping of four-digit amounts
 * and the spaces it uses have changed between versions).
 */
import { toWarsawInput } from '../shared/text/index.ts';
import type { Currency, Language, VatKey } from './document.ts';

/** No-break space: an amount or "23 %" never splits across two lines of a table cell. */
const NBSP = '\u00a0';

/**
 * Minor units with two decimals and the currency: Polish style `1 234,50 zł` (the code after the amount for other
 * currencies, `1 234,50 EUR`), English style `PLN 1,234.50`. Thousands are grouped from 1 000 in both.
 */
export function formatAmount(minor: number, currency: Currency, language: Language): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an amount in minor units: ${minor}`);
  const abs = Math.abs(minor);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, language === 'pl' ? NBSP : ',');
  const fraction = String(abs % 100).padStart(2, '0');
  const sign = minor < 0 ? '-' : '';
  if (language === 'pl') return `${sign}${whole},${fraction}${NBSP}${currency === 'PLN' ? 'zł' : currency}`;
  return `${sign}${currency}${NBSP}${whole}.${fraction}`;
}

/** The rate as printed: `23%`, or the exempt mark of the language ("zw" in Polish). */
export const formatRate = (key: VatKey, exemptMark: string): string => (key === 'zw' ? exemptMark : `${key}%`);

/**
 * Dates are printed as yyyy-mm-dd in both languages: the form of the document's own fields and of FA(3) (P_1, P_6),
 * unambiguous to a reader of either language, unlike 01.02.2026 against 02/01/2026.
 */
export const formatDay = (day: string): string => day;

/** The Warsaw calendar day of an instant (the card payment's `paidAt`). */
export const warsawDay = (instant: string): string => toWarsawInput(instant).slice(0, 10);

