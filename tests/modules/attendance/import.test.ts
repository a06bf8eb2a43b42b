import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDomainError } from '../../../modules/shared/kernel/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { attendanceOn, checks } from './fixture.ts';

const HEADER = 'Name (Original Name),User Email,Join Time,Leave Time,Duration (Minutes),Guest';
const report = (...rows: string[]) => new TextEncoder().encode([HEADER, ...rows].join('\r\n'));
const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (isDomainError(e) ? { code: e.code, data: e.data } : e));

describe.each(backends)('importing a participant report on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  const bytes = report(
    'Anna Nowak,anna@example.pl,09/23/2026 09:00 AM,09/23/2026 12:00 PM,180,No',
    'Anna (telefon),anna@example.pl,09/23/2026 01:00 PM,09/23/2026 04:00 PM,180,No',
    'lukasz zolc,,09/23/2026 09:10 AM,09/23/2026 11:00 AM,110,Yes',
    'Prowadząca,host@example.pl,09/23/2026 08:50 AM,09/23/2026 05:00 PM,470,No',
  );

  it('previews what it will do and records nothing; applies exactly that in one decision', async () => {
    const { attendance, store } = attendanceOn(handle);
    const plan = await attendance.previewImport('training', 's1', bytes, {});
    expect(plan).toMatchObject({ sessionId: 's1', sessionMinutes: 480, rows: 4, duplicates: 0, tooLong: [] });
    // 7.5 hours over 480 minutes: 360 minutes count 5.625, so 5.5 (down to a quarter); 110 minutes 1.71875, so 1.5.
    expect(plan.matched.map((m) => [m.purchaseId, m.minutes, m.hours, m.people.map((p) => p.by)])).toEqual([['p1', 360, 5.5, ['email']], ['p2', 110, 1.5, ['name']]]);
    expect(plan.unmatched.map((p) => p.key)).toEqual(['host@example.pl']);
    expect(plan.notInReport.map((b) => b.purchaseId)).toEqual(['p3']);
    expect(await store.readStream('attendance:training:s1')).toEqual([]);

    const applied = await attendance.applyImport('training', 's1', bytes, {}, 'admin-1');
    expect(applied.changed).toBe(2);
    const events = await store.readStream('attendance:training:s1');
    expect(events.map((e) => e.data)).toMatchObject([
      { purchaseId: 'p1', present: true, minutes: 360, source: 'import', by: 'admin-1' },
      { purchaseId: 'p2', present: true, minutes: 110, source: 'import', by: 'admin-1' },
    ]);
    // One transaction: both events at consecutive positions of one append.
    expect(new Set(events.map((e) => (e.data as { change: string }).change)).size).toBe(1);
    expect((await checks(handle)).map((c) => c.payload.purchaseId)).toEqual(['p1', 'p2']);
    expect((await attendance.summaryOf('p1'))!.sessions[0]).toMatchObject({ present: true, minutes: 360, source: 'import', hoursCounted: 5.5 });
  });

  it('a report\'s minutes count their share of the hours; "all present" keeps them; the admin\'s tick for one buyer gives the full hours back', async () => {
    const { attendance, state } = attendanceOn(handle);
    state.product = { ...state.product, threshold: { kind: 'min-hours', hours: 13.25 } };
    await attendance.applyImport('training', 's1', bytes, {}, 'admin-1');
    await attendance.tick('training', 's2', [{ purchaseId: 'p1', present: true }], 'admin-1');
    expect(await attendance.summaryOf('p1')).toMatchObject({ hoursOffered: 15, hoursAttended: 13, meetsThreshold: false });

    // "All present" fills in p3 only: p1 and p2 keep their minutes.
    expect((await attendance.markAllPresent('training', 's1', 'admin-1')).changed).toBe(1);
    const sheet = await attendance.sheet('training');
    expect(sheet.buyers.map((b) => [b.purchaseId, b.marks['s1']?.minutes, b.marks['s1']?.hoursCounted, b.marks['s1']?.source])).toEqual([
      ['p1', 360, 5.5, 'import'], ['p2', 110, 1.5, 'import'], ['p3', null, 7.5, 'admin'],
    ]);

    // The admin's word after the report: present, no minutes, the full 7.5 hours; the threshold is met now.
    expect((await attendance.tick('training', 's1', [{ purchaseId: 'p1', present: true }], 'admin-1')).changed).toBe(1);
    expect(await attendance.summaryOf('p1')).toMatchObject({ hoursAttended: 15, meetsThreshold: true });
    expect((await attendance.summaryOf('p1'))!.sessions[0]).toMatchObject({ present: true, minutes: null, source: 'admin', hoursCounted: 7.5 });
  });

  it('the admin assigns an unmatched person to a buyer; an assignment of someone not in the report or to a stranger is refused', async () => {
    const { attendance } = attendanceOn(handle);
    const withGuest = report('Ewcia,,09/23/2026 09:00 AM,09/23/2026 10:00 AM,60,Yes');
    expect((await attendance.previewImport('training', 's1', withGuest, {})).unmatched.map((p) => p.key)).toEqual(['name:ewcia']);
    const plan = await attendance.previewImport('training', 's1', withGuest, { 'name:ewcia': 'p3' });
    expect(plan.matched.map((m) => [m.purchaseId, m.minutes, m.people[0]!.by])).toEqual([['p3', 60, 'assigned']]);
    expect(await refusal(attendance.previewImport('training', 's1', withGuest, { 'name:nobody': 'p3' }))).toMatchObject({ code: 'attendance-assign-invalid' });
    expect(await refusal(attendance.previewImport('training', 's1', withGuest, { 'name:ewcia': 'p9' }))).toMatchObject({ code: 'attendance-unknown-purchase' });
    await attendance.applyImport('training', 's1', withGuest, { 'name:ewcia': 'p3' }, 'admin-1');
    expect((await attendance.summaryOf('p3'))!.sessions[0]).toMatchObject({ present: true, minutes: 60 });
  });

  it('refuses the whole report, recording nothing, when one buyer has more minutes than the session lasts', async () => {
    const { attendance, store } = attendanceOn(handle);
    const tooLong = report('Anna Nowak,anna@example.pl,,,300,No', 'Anna Nowak,anna@example.pl,,,200,No', 'lukasz zolc,,,,100,No');
    const plan = await attendance.previewImport('training', 's1', tooLong, {});
    expect(plan.tooLong).toEqual([{ purchaseId: 'p1', name: 'Anna Nowak', minutes: 500 }]);
    expect(await refusal(attendance.applyImport('training', 's1', tooLong, {}, 'admin-1'))).toEqual({ code: 'attendance-report-too-long', data: { name: 'Anna Nowak', minutes: 500, limit: 480 } });
    expect(await store.readStream('attendance:training:s1')).toEqual([]);
    expect(await checks(handle)).toEqual([]);
  });

  it('refuses a wrong header or an unknown session before anything, and imports 10,000 rows whole', async () => {
    const { attendance, state } = attendanceOn(handle);
    expect(await refusal(attendance.applyImport('training', 's1', new TextEncoder().encode('a,b\n1,2'), {}, 'admin-1'))).toMatchObject({ code: 'attendance-report-header' });
    expect(await refusal(attendance.previewImport('training', 'nope', bytes, {}))).toMatchObject({ code: 'attendance-unknown-session' });
    state.buyers = Array.from({ length: 500 }, (_, i) => ({ purchaseId: `q${i}`, userId: `v${i}`, name: `Osoba ${i}`, email: `osoba${i}@example.pl` }));
    // 500 buyers, each joining 20 times for 2 minutes: 10,000 rows.
    const rows = Array.from({ length: 10_000 }, (_, i) => `Osoba ${i % 500},osoba${i % 500}@example.pl,09/23/2026 09:${String(Math.floor(i / 500)).padStart(2, '0')} AM,,2,No`);
    const applied = await attendance.applyImport('training', 's1', report(...rows), {}, 'admin-1');
    expect(applied.changed).toBe(500);
    expect(applied.plan.matched.every((m) => m.minutes === 40)).toBe(true);
    const { rows: [marked] } = await sql<{ n: number }>`select count(*)::int as n from attendance_marks where present and minutes = 40`.execute(handle.db);
    expect(marked).toEqual({ n: 500 });
  });
});
