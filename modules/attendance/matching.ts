import type { AttendanceBuyer } from './ports.ts';
import type { ReportRow } from './report.ts';

/** One person of a report: their rows (joined twice: two rows) with the minutes summed; `key` names them for an assignment. */
export type ReportPerson = { key: string; name: string; email: string; minutes: number; rows: number };

/** A name compared loosely: case, spacing and Polish letters typed without their marks ("Lukasz" is "Łukasz"). */
export const looseName = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').replace(/[łŁ]/g, 'l').toLowerCase().replace(/\s+/g, ' ').trim();

/** "Jan Kowalski (Janek)": Zoom's current name with the original in parentheses; both are tried. */
const namesIn = (name: string) => {
  const m = /^(.*?)\s*\(([^()]*)\)\s*$/.exec(name);
  return [name, ...(m ? [m[1]!, m[2]!] : [])].map(looseName).filter((n) => n !== '');
};

/**
 * The report's people: rows with the same e-mail (or, without one, the same name) are one person, their minutes summed.
 * The very same row twice (same join and leave time) is one connection listed twice: counted once (`duplicates`).
 */
export function peopleOf(rows: readonly ReportRow[]): { people: ReportPerson[]; duplicates: number } {
  const people = new Map<string, ReportPerson>();
  const seen = new Set<string>();
  let duplicates = 0;
  for (const row of rows) {
    const key = row.email !== '' ? row.email : `name:${looseName(row.name)}`;
    if (row.join !== '' || row.leave !== '') {
      const connection = `${key}\u0000${row.join}\u0000${row.leave}\u0000${row.minutes}`;
      if (seen.has(connection)) { duplicates += 1; continue; }
      seen.add(connection);
    }
    // Summed in place: a report of 20,000 rows makes no copy per row.
    let person = people.get(key);
    if (!person) people.set(key, (person = { key, name: row.name, email: row.email, minutes: 0, rows: 0 }));
    person.minutes += row.minutes;
    person.rows += 1;
  }
  return { people: [...people.values()], duplicates };
}

export type Match = { person: ReportPerson; buyer: AttendanceBuyer; by: 'email' | 'name' | 'assigned' };

/**
 * Each person matched to a buyer: by e-mail first, then by name when exactly one buyer has it (two buyers of one name
 * match neither); the admin's `assigned` (person key → purchase) for the rest, and over any automatic match.
 */
export function matchPeople(people: readonly ReportPerson[], buyers: readonly AttendanceBuyer[], assigned: ReadonlyMap<string, AttendanceBuyer>) {
  const byEmail = new Map(buyers.map((b) => [b.email.toLowerCase(), b]));
  const byName = new Map<string, AttendanceBuyer[]>();
  for (const b of buyers) {
    const name = looseName(b.name);
    const same = byName.get(name);
    if (same) same.push(b);
    else byName.set(name, [b]);
  }
  const matched: Match[] = [];
  const unmatched: ReportPerson[] = [];
  for (const person of people) {
    const chosen = assigned.get(person.key);
    if (chosen) { matched.push({ person, buyer: chosen, by: 'assigned' }); continue; }
    const email = person.email !== '' ? byEmail.get(person.email) : undefined;
    if (email) { matched.push({ person, buyer: email, by: 'email' }); continue; }
    const named = namesIn(person.name).map((n) => byName.get(n) ?? []).find((list) => list.length > 0);
    if (named && named.length === 1) matched.push({ person, buyer: named[0]!, by: 'name' });
    else unmatched.push(person);
  }
  return { matched, unmatched };
}
