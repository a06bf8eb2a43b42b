import { localeOf, type Lang } from './locale.ts';

/*
 * Money is an integer of its currency's smallest unit (grosze, cents) with its currency, everywhere but here: these
 * functions are the edge where it becomes text (pages, mail, PDFs, CSV) or comes from text (the admin's entry
 * fields). Every currency sold has two decimals. Nothing here multiplies or divides a float: the decimal text is
 * built from the integer's digits, and Intl formats that text exactly.
 */

/** The exact decimal text of an amount in minor units: 12050 → "120.50", -5 → "-0.05". */
export function minorText(amountMinor: number): `${number}` {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError(`not an amount in minor units: ${amountMinor}`);
  const digits = String(Math.abs(amountMinor)).padStart(3, '0');
  return `${amountMinor < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}` as `${number}`;
}

/**
 * An amount in minor units, written one of two ways: `price` as a buyer reads it ("2 290 zł", "€540", cents only
 * when there are some: "120,50 zł"), `ledger` as the admin's lists and the audit trail show it ("2290,00 PLN").
 */
export function formatMinor(amountMinor: number, currency: string, lang: Lang, style: 'price' | 'ledger' = 'price'): string {
  const text = minorText(amountMinor);
  if (style === 'price') {
    const cents = amountMinor % 100 === 0 ? 0 : 2;
    return new Intl.NumberFormat(localeOf(lang), { style: 'currency', currency, minimumFractionDigits: cents, maximumFractionDigits: cents }).format(text);
  }
  return `${new Intl.NumberFormat(localeOf(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(text)} ${currency}`.trim();
}

/**
 * An amount in whole units, as events recorded before money was kept in minor units hold it (e.g. 120.5), in minor
 * units, exactly: read from the number's shortest decimal text, never multiplied. Only the upcasters of those old
 * events use it; null for anything that is not a non-negative amount of at most two decimals.
 */
export function minorOfWhole(amount: number): number | null {
  if (!Number.isFinite(amount) || amount < 0) return null;
  const found = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(amount));
  if (!found) return null;
  const minor = Number(found[1]) * 100 + Number((found[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}

/**
 * What the admin typed as an amount ("1 800,50", "1800.5", "2 200", "1.800,50") in minor units, or null when it is
 * not one. Spaces (also non-breaking ones) group thousands; the last comma or point followed by one or two digits
 * is the decimal separator; a comma or point followed by three digits groups thousands.
 */
export function parseMinor(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f']/g, '');
  const found = /^(\d{1,3}(?:[.,]\d{3})*|\d+)(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!found) return null;
  const minor = Number(found[1]!.replace(/[.,]/g, '')) * 100 + Number((found[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** An amount in whole units, as formatMinor writes one in minor units (the audit trail's older entries, the attendees' totals). */
export function formatMoney(amount: number, currency: string, lang: Lang, style: 'price' | 'ledger' = 'price'): string {
  if (style === 'price') {
    return new Intl.NumberFormat(localeOf(lang), { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
  }
  return `${new Intl.NumberFormat(localeOf(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currency}`.trim();
}
