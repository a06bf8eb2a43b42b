import type { Attendee } from './types.ts';

/** Lower case without diacritics, so "kowalska" finds "Kowalska" and "zolw" finds "żółw". */
const folded = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l').replace(/Ł/g, 'L').toLowerCase();
const digits = (s: string) => s.replace(/\D/g, '');

/** Spec 2: a search by name or phone; a phone matches on its digits, whatever the spacing or the +48 typed. */
export function matches(attendee: Pick<Attendee, 'name' | 'phone'>, query: string): boolean {
  const q = query.trim();
  if (q === '') return true;
  if (folded(attendee.name).includes(folded(q))) return true;
  const d = digits(q);
  return d.length > 0 && digits(attendee.phone).includes(d);
}
