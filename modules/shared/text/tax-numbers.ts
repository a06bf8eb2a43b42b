/**
 * Browser-safe (the buy panel checks a NIP as it is typed); the invoicing door re-exports these for the server.
 * Tax and bank numbers as people type them. Each check answers the normalized number or why it is refused
 * (a reason code the web turns into a message), so a form can say exactly what is wrong.
 */
export type NumberCheck<Reason extends string> = { ok: true; value: string } | { ok: false; reason: Reason };

export type NipReason = 'empty' | 'characters' | 'length' | 'checksum';
export type IbanReason = 'empty' | 'characters' | 'country' | 'length' | 'checksum';

const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7] as const;

/** Spaces and dashes are how NIPs and account numbers are written on paper ("123-456-32-18"): they carry nothing. */
const compact = (text: string) => text.trim().replace(/[\s-]/g, '');

/**
 * A Polish NIP: ten digits whose first nine, weighted 6 5 7 2 3 4 5 6 7 and summed, leave the tenth modulo 11;
 * a remainder of 10 matches no digit, so no NIP is issued with it. A leading "PL" (the EU VAT form) is accepted.
 */
export function checkNip(text: string): NumberCheck<NipReason> {
  const raw = compact(text).replace(/^PL/i, '');
  if (raw === '') return { ok: false, reason: 'empty' };
  if (!/^\d+$/.test(raw)) return { ok: false, reason: 'characters' };
  if (raw.length !== 10) return { ok: false, reason: 'length' };
  const digits = [...raw].map(Number);
  const sum = NIP_WEIGHTS.reduce((total, weight, i) => total + weight * digits[i]!, 0);
  const remainder = sum % 11;
  return remainder === 10 || remainder !== digits[9] ? { ok: false, reason: 'checksum' } : { ok: true, value: raw };
}

/**
 * A Polish bank account as an IBAN: "PL" and 26 digits (the 26 digits alone, as Polish banks print them, are taken as
 * Polish), whose rearranged number (country letters as 25 and 21, moved behind) leaves 1 modulo 97 (ISO 13616).
 */
export function checkIban(text: string): NumberCheck<IbanReason> {
  const raw = compact(text).toUpperCase();
  if (raw === '') return { ok: false, reason: 'empty' };
  const iban = /^\d+$/.test(raw) ? `PL${raw}` : raw;
  if (!/^[A-Z]{2}\d+$/.test(iban)) return { ok: false, reason: 'characters' };
  if (!iban.startsWith('PL')) return { ok: false, reason: 'country' };
  if (iban.length !== 28) return { ok: false, reason: 'length' };
  // P = 25, L = 21; the remainder is carried digit by digit, since the number is far beyond a double's precision.
  const rearranged = `${iban.slice(4)}2521${iban.slice(2, 4)}`;
  let remainder = 0;
  for (const digit of rearranged) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1 ? { ok: true, value: iban } : { ok: false, reason: 'checksum' };
}
