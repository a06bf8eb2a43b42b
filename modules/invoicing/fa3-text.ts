/**
 * The pieces of FA(3) XML text: element strings with escaped content, amounts and dates in the schema's forms.
 * Whatever a buyer typed reaches the XML only through `text`, so no name can break the document or the schema.
 */

/**
 * What XML 1.0 forbids (C0 controls other than tab and line breaks, lone surrogates, U+FFFE/FFFF), plus DEL and the C1
 * controls, which XML allows but no invoice text legitimately holds and some readers refuse.
 */
const NOT_TEXT = /[^\t\n\r\x20-\x7E\xA0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Text as the schema's xsd:token types hold it: forbidden characters dropped, whitespace collapsed (as the validator
 * would, so the length checked is the length counted here), cut to `max` characters (code points, as XSD counts).
 * An empty result is refused: every text field we fill is required and means something on an invoice.
 */
export function tokenText(value: string, max: number, field: string): string {
  const collapsed = value.replace(NOT_TEXT, '').replace(/[\t\n\r ]+/g, ' ').trim();
  const cut = [...collapsed].slice(0, max).join('').trimEnd();
  if (cut === '') throw new RangeError(`FA(3): ${field} is empty once characters XML cannot carry are dropped`);
  return cut;
}

export const escapeXml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** One element per line, indented by depth; a string is escaped content, an array is child lines. */
export type Child = string | false | null | undefined;
export function el(name: string, content: string | number | Child[], depth: number): string {
  const pad = '  '.repeat(depth);
  if (!Array.isArray(content)) return `${pad}<${name}>${escapeXml(String(content))}</${name}>`;
  const children = content.filter((c): c is string => typeof c === 'string' && c !== '');
  return `${pad}<${name}>\n${children.join('\n')}\n${pad}</${name}>`;
}

/** Minor units (grosze, cents) as the schema's TKwotowy: "1234.50", "-12.30", "0.00". */
export function amount(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`FA(3): not an amount in minor units: ${minor}`);
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `minor / divisor` in currency units with up to 8 decimals (TKwotowy2), half away from zero, trailing zeros kept to 2. */
export function unitAmount(minor: number, divisor: number): string {
  if (!Number.isSafeInteger(divisor) || divisor <= 0) throw new RangeError(`FA(3): not a quantity: ${divisor}`);
  const scaled = BigInt(Math.abs(minor)) * 10n ** 6n; // minor has 2 decimals; 6 more make 8
  const d = BigInt(divisor);
  const q = (scaled + d / 2n) / d;
  const digits = q.toString().padStart(9, '0');
  const fraction = digits.slice(-8).replace(/0+$/, '').padEnd(2, '0');
  return `${minor < 0 && q !== 0n ? '-' : ''}${digits.slice(0, -8)}.${fraction}`;
}

/**
 * An exchange rate as the schema's TIlosci (up to 6 decimals), given as the decimal string the NBP publishes
 * ("4.2563"): a float would make the same rate print differently.
 */
export function checkRate(rate: string): { text: string; millionths: bigint } {
  const match = /^(\d{1,9})(?:\.(\d{1,6}))?$/.exec(rate);
  if (!match || /^0+(\.0*)?$/.test(rate)) throw new RangeError(`FA(3): not an exchange rate: ${JSON.stringify(rate)}`);
  const [, whole, fraction = ''] = match;
  return { text: rate, millionths: BigInt(whole!) * 1_000_000n + BigInt(fraction.padEnd(6, '0')) };
}

/** `minor` converted at `rate` (PLN per unit), in grosze, half away from zero. */
export function toPlnMinor(minor: number, rate: { millionths: bigint }): number {
  const product = BigInt(Math.abs(minor)) * rate.millionths;
  const grosze = Number((product + 500_000n) / 1_000_000n);
  return minor < 0 ? -grosze : grosze;
}

const warsawDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw', year: 'numeric', month: '2-digit', day: '2-digit' });

/** A day (yyyy-mm-dd) as given, or an instant's day on the Warsaw calendar. */
export function day(value: string, field: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const instant = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(instant.getTime())) throw new RangeError(`FA(3): ${field} is not a date: ${value}`);
  return warsawDay.format(instant);
}
