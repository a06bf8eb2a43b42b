import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usersConcerned } from '../../../modules/shared/kernel/index.ts';
import { createUserMemory } from '../../../modules/shared/memory/index.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { attendanceOn } from './fixture.ts';

const HEADER = 'Name (Original Name),User Email,Join Time,Leave Time,Duration (Minutes)';

/**
 * One decision that marks many buyers (the admin's "all present", an imported report) records one event per buyer, and
 * each event names only the user it concerns: never the whole decision's users (n events × n users, issue 34).
 */
describe.each(backends)('whom each attendance event concerns, on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  it('given three buyers, when the admin marks all present, then each event\'s metadata names its own buyer and nobody else', async () => {
    const { attendance, store } = attendanceOn(handle);
    await attendance.markAllPresent('training', 's1', 'admin-1');
    const events = await store.readStream('attendance:training:s1');
    expect(events.map((e) => [(e.data as { userId: string }).userId, e.metadata])).toEqual([
      ['u1', { actor: 'admin-1', concerns: ['u1'] }],
      ['u2', { actor: 'admin-1', concerns: ['u2'] }],
      ['u3', { actor: 'admin-1', concerns: ['u3'] }],
    ]);
    // Together they still concern all three: what is remembered for each is dropped.
    expect([...usersConcerned(events)].sort()).toEqual(['u1', 'u2', 'u3']);
  });

  it('given a report naming two buyers, when it is imported, then each event names only its own buyer', async () => {
    const { attendance, store } = attendanceOn(handle);
    const bytes = new TextEncoder().encode([HEADER,
      'Anna Nowak,anna@example.pl,09/23/2026 09:00 AM,09/23/2026 12:00 PM,180',
      'Ewa Kowalska,ewa@example.pl,09/23/2026 09:00 AM,09/23/2026 11:00 AM,120'].join('\r\n'));
    await attendance.applyImport('training', 's1', bytes, {}, 'admin-1');
    const events = await store.readStream('attendance:training:s1');
    expect(events.map((e) => e.metadata.concerns)).toEqual([['u1'], ['u3']]);
  });

  it('given each buyer\'s answer remembered, when all are marked present, then each one\'s is dropped by their own event', async () => {
    const { attendance, store } = attendanceOn(handle);
    const memory = createUserMemory<string>({ isCurrent: () => true }, fixedClock('2026-09-23T07:05:00.000Z'), 10);
    for (const user of ['u1', 'u2', 'u3']) memory.remember(user, memory.generation(), user, 'not marked');
    await attendance.markAllPresent('training', 's1', 'admin-1');
    const [first, ...rest] = await store.readStream('attendance:training:s1');
    memory.forget([first!]);
    expect(['u1', 'u2', 'u3'].map((u) => memory.recall(u))).toEqual([undefined, 'not marked', 'not marked']);
    memory.forget(rest);
    expect(['u1', 'u2', 'u3'].map((u) => memory.recall(u))).toEqual([undefined, undefined, undefined]);
  });

  it('given marks recorded, when the read models are rebuilt from the log, then the sheet is the same', async () => {
    const { attendance, store } = attendanceOn(handle);
    await attendance.markAllPresent('training', 's1', 'admin-1');
    await attendance.tick('training', 's1', [{ purchaseId: 'p2', present: false }], 'admin-1');
    await attendance.tick('training', 's1', [{ purchaseId: 'p2', present: true }], 'admin-1');
    const before = await attendance.sheet('training');
    await store.rebuildProjections();
    expect(await attendance.sheet('training')).toEqual(before);
    expect(before.buyers.map((b) => b.marks.s1?.present)).toEqual([true, true, true]);
  });
});
