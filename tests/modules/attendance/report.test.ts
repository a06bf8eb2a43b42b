import { describe, expect, it } from 'vitest';
import { decodeReport, matchPeople, parseReport, peopleOf, type ReportRow } from '../../../modules/attendance/index.ts';
import { isDomainError } from '../../../modules/shared/kernel/index.ts';
import { buyers } from './fixture.ts';

const HEADER = 'Name (Original Name),User Email,Join Time,Leave Time,Duration (Minutes),Guest';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\r\n');
const refusal = (run: () => unknown) => {
  try { run(); return null; } catch (error) { return isDomainError(error) ? { code: error.code, data: error.data } : error; }
};

describe('reading a participant report', () => {
  const text = csv('Anna Nowak,anna@example.pl,09/23/2026 09:01:00 AM,09/23/2026 05:00:00 PM,479,No', '"Żółć, Łukasz",,09/23/2026 09:05:00 AM,09/23/2026 12:00:00 PM,175,Yes');

  it('reads UTF-8 with and without a byte-order mark, UTF-16 and Windows-1250 to the same text', () => {
    const utf8 = new TextEncoder().encode(text);
    expect(decodeReport(utf8)).toBe(text);
    expect(decodeReport(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8]))).toBe(text);
    expect(decodeReport(Uint8Array.from([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]))).toBe(text);
    // Windows-1250 as Excel in Polish writes it: Ż = 0xAF, ó = 0xF3, ł = 0xB3, ć = 0xE6, Ł = 0xA3.
    const cp1250 = Buffer.from(text.replace(/[ŻóŁłć]/g, (c) => String.fromCharCode({ Ż: 0xaf, ó: 0xf3, Ł: 0xa3, ł: 0xb3, ć: 0xe6 }[c]!)), 'latin1');
    expect(decodeReport(cp1250)).toBe(text);
    expect(refusal(() => decodeReport(Uint8Array.from([0xef, 0xbb, 0xbf, 0xff, 0xfe, 0x41])))).toMatchObject({ code: 'attendance-report-encoding' });
  });

  it('finds the header below Zoom\'s meeting summary, in commas or semicolons, and reads each row\'s name, e-mail and minutes', () => {
    const zoom = ['Meeting ID,Topic,Start Time,End Time,User Email,Duration (Minutes),Participants', '812 3456 7890,Trening,09/23/2026 08:55:00 AM,09/23/2026 05:02:00 PM,host@example.pl,487,3', '', text].join('\n');
    expect(parseReport(zoom).map((r) => [r.line, r.name, r.email, r.minutes])).toEqual([[5, 'Anna Nowak', 'anna@example.pl', 479], [6, 'Żółć, Łukasz', '', 175]]);
    const semicolons = 'Imię i nazwisko (oryginalna nazwa);E-mail użytkownika;Czas trwania (minuty)\nAnna Nowak;ANNA@example.pl;12,0\n';
    expect(parseReport(semicolons)).toEqual([{ line: 2, name: 'Anna Nowak', email: 'anna@example.pl', join: '', leave: '', minutes: 12 }]);
  });

  it('refuses a wrong header, a duration that is no number, and a report without rows, saying what is wrong', () => {
    expect(refusal(() => parseReport('Imię,Nazwisko,Kwota\nAnna,Nowak,12'))).toMatchObject({ code: 'attendance-report-header', data: { expected: expect.stringContaining('Duration (Minutes)') } });
    expect(refusal(() => parseReport(csv('Anna Nowak,anna@example.pl,,,long,No')))).toEqual({ code: 'attendance-report-row', data: { line: 2 } });
    expect(refusal(() => parseReport(csv('', '')))).toMatchObject({ code: 'attendance-report-empty' });
  });

  // How fast is bench business, not a test's: a timed assertion only fails on a loaded machine.
  it('reads 10,000 rows, each a person of its own', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => `Osoba ${i},osoba${i}@example.pl,09/23/2026 09:00:00 AM,09/23/2026 10:00:00 AM,60,No`);
    const parsed = parseReport(decodeReport(new TextEncoder().encode(csv(...rows))));
    expect(parsed).toHaveLength(10_000);
    expect(peopleOf(parsed).people).toHaveLength(10_000);
  });
});

describe('matching a report\'s people to buyers', () => {
  const row = (name: string, email: string, minutes: number, join = '', leave = ''): ReportRow => ({ line: 0, name, email, join, leave, minutes });

  it('sums one person\'s connections, and counts the very same row twice once', () => {
    const { people, duplicates } = peopleOf([row('Anna', 'anna@example.pl', 100, '9:00', '10:40'), row('Anna N', 'anna@example.pl', 200, '11:00', '14:20'), row('Anna', 'anna@example.pl', 100, '9:00', '10:40')]);
    expect(people).toEqual([{ key: 'anna@example.pl', name: 'Anna', email: 'anna@example.pl', minutes: 300, rows: 2 }]);
    expect(duplicates).toBe(1);
  });

  it('matches by e-mail first, then by a name written loosely (case, Polish letters, Zoom\'s original name), and leaves the rest', () => {
    const { people } = peopleOf([
      row('Ania z telefonu', 'anna@example.pl', 60), row('lukasz zolc', '', 30), row('Ewcia (Ewa Kowalska)', 'ewa.private@example.com', 40), row('Gość', '', 10),
    ]);
    const { matched, unmatched } = matchPeople(people, buyers, new Map());
    expect(matched.map((m) => [m.person.name, m.buyer.purchaseId, m.by])).toEqual([['Ania z telefonu', 'p1', 'email'], ['lukasz zolc', 'p2', 'name'], ['Ewcia (Ewa Kowalska)', 'p3', 'name']]);
    expect(unmatched.map((p) => p.name)).toEqual(['Gość']);
  });

  it('matches no one by a name two buyers share; the admin\'s assignment decides', () => {
    const twins = [...buyers, { purchaseId: 'p4', userId: 'u4', name: 'Anna Nowak', email: 'anna2@example.pl' }];
    const { people } = peopleOf([row('Anna Nowak', '', 60)]);
    expect(matchPeople(people, twins, new Map()).unmatched).toHaveLength(1);
    expect(matchPeople(people, twins, new Map([['name:anna nowak', twins[3]!]])).matched.map((m) => [m.buyer.purchaseId, m.by])).toEqual([['p4', 'assigned']]);
  });
});
