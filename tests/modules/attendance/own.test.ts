import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backends, openMigrated } from '../../support/databases.ts';
import { attendanceOn, product } from './fixture.ts';

const HEADER = 'Name (Original Name),User Email,Join Time,Leave Time,Duration (Minutes),Guest';
const report = (...rows: string[]) => new TextEncoder().encode([HEADER, ...rows].join('\r\n'));

describe.each(backends)('a buyer\'s own attendance on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  it('given a report\'s minutes for one session and nothing for the other, then present with the hours counted, not recorded yet, and the threshold not met', async () => {
    const { attendance, state } = attendanceOn(handle);
    state.product = { ...product, title: { pl: 'Szkolenie', en: 'Training' }, threshold: { kind: 'min-hours', hours: 12 } };
    await attendance.applyImport('training', 's1', report('Anna Nowak,anna@example.pl,,,400,No', 'Łukasz Żółć,lukasz@example.pl,,,480,No'), {}, 'admin-1');
    await attendance.tick('training', 's2', [{ purchaseId: 'p2', present: false }], 'admin-1');
    const [mine, ...more] = await attendance.attendanceOf('u1');
    expect(more).toEqual([]);
    expect(mine).toMatchObject({
      purchaseId: 'p1', userId: 'u1', productKey: 'training', title: { pl: 'Szkolenie', en: 'Training' },
      // 400 of 480 minutes of a 7.5-hour session: 6.25 hours.
      hoursOffered: 15, hoursAttended: 6.25, threshold: { kind: 'min-hours', hours: 12 }, meetsThreshold: false,
    });
    expect(mine!.sessions.map((s) => [s.sessionId, s.present, s.minutes, s.hoursCounted])).toEqual([['s1', true, 400, 6.25], ['s2', null, null, 0]]);
    // The other buyer's marks are theirs: present for the whole first session, absent from the second.
    expect((await attendance.attendanceOf('u2')).map((t) => t.sessions.map((s) => [s.present, s.hoursCounted]))).toEqual([[[true, 7.5], [false, 0]]]);
  });

  it('given someone holding nothing, or a product without sessions, then nothing to show', async () => {
    const { attendance, state } = attendanceOn(handle);
    expect(await attendance.attendanceOf('nobody')).toEqual([]);
    await attendance.tick('training', 's1', [{ purchaseId: 'p1', present: true }], 'admin-1');
    state.product = { ...product, sessions: [] };
    expect(await attendance.attendanceOf('u1')).toEqual([]);
  });

  it('given a product without a title, then its key stands in for it', async () => {
    const { attendance } = attendanceOn(handle);
    expect((await attendance.attendanceOf('u3'))[0]).toMatchObject({ title: { pl: 'training', en: 'training' }, hoursAttended: 0, meetsThreshold: false });
  });
});
