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

/**
 * The parts of `text` that contain `query` (case and Polish marks aside), to mark what the users search found.
 * Folding keeps every character's place (one letter for one), so the hits are cut from the text as it is shown.
 */
export function hits(text: string, query: string): { text: string; hit: boolean }[] {
  const q = folded(query.trim());
  if (q === '' || folded(text).length !== text.length) return [{ text, hit: false }];
  const hay = folded(text);
  const parts: { text: string; hit: boolean }[] = [];
  let from = 0;
  for (let at = hay.indexOf(q); at >= 0; at = hay.indexOf(q, at + q.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), hit: false });
    parts.push({ text: text.slice(at, at + q.length), hit: true });
    from = at + q.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), hit: false });
  return parts;
}
