import { sql, type Expression, type SqlBool } from 'kysely';

/** Polish letters and their plain forms: "zolw" finds "Żółw", as the attendee search in the panel does. */
const FROM = 'ąćęłńóśźżĄĆĘŁŃÓŚŹŻäöüéáíúýÄÖÜÉÁÍÚÝ';
const TO = 'acelnoszzacelnoszzaoueaiuyaoueaiuy';

/**
 * Lower case without the letters' marks, the same way in JavaScript and in SQL (no extension: PGlite has none). The
 * marked letters are replaced before lower(), which under a C locale changes only A to Z.
 */
export const fold = (s: string) => [...s].map((c) => { const at = FROM.indexOf(c); return at < 0 ? c : TO[at]; }).join('').toLowerCase();
const folded = (column: string) => sql`lower(translate(${sql.ref(column)}, ${FROM}, ${TO}))`;

/** `%`, `_` and `\\` typed by the admin are letters to find, never LIKE's wildcards. */
export const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A query of digits and phone punctuation only ("+48 601 222", "601-222") compares digits with the phone's digits. */
const phoneDigits = (q: string) => (/^[\d\s+\-().]+$/.test(q) ? q.replace(/\D/g, '') : '');

/**
 * The admin's users search: the name or the e-mail contains the text (case and Polish marks aside), or the phone
 * contains it as typed, or its digits contain the query's digits whatever the spacing.
 */
export function accountSearch(search: string): Expression<SqlBool> {
  const q = search.trim();
  const pattern = `%${likeLiteral(fold(q))}%`;
  const raw = `%${likeLiteral(q.toLowerCase())}%`;
  const digits = phoneDigits(q);
  const byDigits = digits === '' ? sql<SqlBool>`false` : sql<SqlBool>`regexp_replace(${sql.ref('phone')}, '[^0-9]', '', 'g') like ${`%${digits}%`}`;
  return sql<SqlBool>`(${folded('name')} like ${pattern} escape '\\' or ${folded('email')} like ${pattern} escape '\\' or lower(${sql.ref('phone')}) like ${raw} escape '\\' or ${byDigits})`;
}
