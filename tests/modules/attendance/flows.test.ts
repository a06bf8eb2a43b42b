import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CERTIFICATE_CHECK_TOPIC, type JoinClick } from '../../../modules/attendance/index.ts';
import { CERTIFICATE_TOPICS } from '../../../modules/certificates/index.ts';
import { createMeetings, MEETING_TOPICS, type MeetingProduct } from '../../../modules/meetings/index.ts';
import { createOutboxWorker } from '../../../modules/shared/outbox/index.ts';
import { isDomainError } from '../../../modules/shared/kernel/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { attendanceOn, checks, config, MIN, product, start1, start2 } from './fixture.ts';

describe.each(backends)('attendance on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  it('a click on the join link inside the session\'s window reaches attendance through the outbox: present from the click', async () => {
    const { attendance, store, clock } = attendanceOn(handle);
    const meetingProduct: MeetingProduct = {
      key: product.key, title: { pl: 'T', en: 'T' }, liveAt: start1, durationMinutes: 480, joinOpensAt: new Date(start1.getTime() - 30 * MIN),
      sessions: product.sessions.map((s) => ({ id: s.id, start: new Date(s.start), end: new Date(s.end) })), liveLink: 'https://meet.example/t',
    };
    const meetings = createMeetings({ config: config(), log: pino({ level: 'silent' }), db: handle.db, store, clock }, {
      purchase: async (id) => (id === 'p1' ? { purchaseId: 'p1', userId: 'u1', productKey: product.key, standing: 'active' } : null),
      product: async () => meetingProduct, buyer: async () => null, send: async () => {}, origin: () => 'https://gestalt.test',
    });
    const token = decodeURIComponent(meetings.joinLink('p1').split('/dolacz/')[1]!);
    // A mail scanner a day early: refused by meetings' window, so nothing reaches attendance.
    clock.set(new Date(start1.getTime() - 24 * 60 * MIN));
    expect((await meetings.join(token, null)).kind).toBe('not-open');
    clock.set(new Date(start1.getTime() + 5 * MIN));
    // Inside the window a scanner's fetch is asked to confirm, and recorded by nobody; the buyer's press of Join counts.
    expect((await meetings.join(token, null)).kind).toBe('confirm');
    expect((await meetings.join(token, null, true)).kind).toBe('join');
    const worker = createOutboxWorker(handle.db, {
      handlers: { [MEETING_TOPICS.clicked]: (payload) => attendance.recordJoinClick(payload as JoinClick) }, topics: [MEETING_TOPICS.clicked],
    });
    expect(await worker.drainOnce()).toBe(1);
    const summary = await attendance.summaryOf('p1');
    expect(summary?.sessions.map((s) => [s.sessionId, s.present, s.source])).toEqual([['s1', true, 'join-click'], ['s2', null, null]]);
    expect(summary).toMatchObject({ purchaseId: 'p1', userId: 'u1', productKey: 'training', hoursOffered: 15, hoursAttended: 7.5, meetsThreshold: false });
    expect(await checks(handle)).toEqual([{ key: 'certificate-check:p1:change-1', payload: { purchaseId: 'p1' } }]);
  });

  it('the admin ticks a buyer, corrects a click, and marks everyone present: each change an event with who and when, one check per purchase changed', async () => {
    const { attendance, store, clock } = attendanceOn(handle);
    await attendance.recordJoinClick({ purchaseId: 'p2', userId: 'u2', sessionId: 's1', at: clock().toISOString() });
    await attendance.tick('training', 's1', [{ purchaseId: 'p1', present: true }, { purchaseId: 'p2', present: false }], 'admin-1');
    clock.set(start2);
    const all = await attendance.markAllPresent('training', 's2', 'admin-1');
    expect(all.changed).toBe(3);
    // Marked again: nothing changes, nothing is queued.
    expect((await attendance.markAllPresent('training', 's2', 'admin-1')).changed).toBe(0);
    const sheet = await attendance.sheet('training');
    expect(sheet.buyers.map((b) => [b.purchaseId, b.marks['s1']?.present ?? null, b.marks['s1']?.source ?? null, b.marks['s2']?.present])).toEqual([
      ['p1', true, 'admin', true], ['p2', false, 'admin', true], ['p3', null, null, true],
    ]);
    const trail = await store.readStream('attendance:training:s1');
    expect(trail.map((e) => [e.type, (e.data as { purchaseId: string }).purchaseId, (e.data as { source: string }).source, (e.data as { by: string }).by, e.metadata?.['actor']])).toEqual([
      ['AttendanceMarked', 'p2', 'join-click', 'u2', 'u2'], ['AttendanceMarked', 'p1', 'admin', 'admin-1', 'admin-1'], ['AttendanceMarked', 'p2', 'admin', 'admin-1', 'admin-1'],
    ]);
    expect((await checks(handle)).map((c) => c.key)).toEqual([
      'certificate-check:p2:change-1', 'certificate-check:p1:change-2', 'certificate-check:p2:change-2',
      'certificate-check:p1:change-3', 'certificate-check:p2:change-3', 'certificate-check:p3:change-3',
    ]);
    // The contract of issue 25: the topic attendance writes is the one certificates handles.
    expect(CERTIFICATE_CHECK_TOPIC).toBe(CERTIFICATE_TOPICS.check);
    expect((await attendance.summaryOf('p1'))).toMatchObject({ hoursAttended: 15, meetsThreshold: true });
    expect((await attendance.summaryOf('p2'))).toMatchObject({ hoursAttended: 7.5, meetsThreshold: false });
  });

  it('summaryOf follows the product\'s threshold: a minimum of hours met exactly, and null for an unknown purchase', async () => {
    const { attendance, state } = attendanceOn(handle);
    state.product = { ...product, threshold: { kind: 'min-hours', hours: 7.5 } };
    await attendance.tick('training', 's2', [{ purchaseId: 'p3', present: true }], 'admin-1');
    expect(await attendance.summaryOf('p3')).toEqual({
      purchaseId: 'p3', userId: 'u3', productKey: 'training', hoursOffered: 15, hoursAttended: 7.5, meetsThreshold: true, threshold: { kind: 'min-hours', hours: 7.5 },
      sessions: [
        { sessionId: 's1', start: product.sessions[0]!.start, end: product.sessions[0]!.end, hoursOffered: 7.5, present: null, minutes: null, source: null, hoursCounted: 0 },
        { sessionId: 's2', start: product.sessions[1]!.start, end: product.sessions[1]!.end, hoursOffered: 7.5, present: true, minutes: null, source: 'admin', hoursCounted: 7.5 },
      ],
    });
    expect(await attendance.summaryOf('nobody')).toBeNull();
  });

  it('refuses a tick for a purchase not on the list, an unknown session or product, and records nothing of it', async () => {
    const { attendance } = attendanceOn(handle);
    const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (isDomainError(e) ? e.code : e));
    expect(await refusal(attendance.tick('training', 's1', [{ purchaseId: 'p1', present: true }, { purchaseId: 'px', present: true }], 'a'))).toBe('attendance-unknown-purchase');
    expect(await refusal(attendance.tick('training', 'sx', [{ purchaseId: 'p1', present: true }], 'a'))).toBe('attendance-unknown-session');
    expect(await refusal(attendance.markAllPresent('other', 's1', 'a'))).toBe('attendance-unknown-product');
    expect((await attendance.sheet('training')).buyers.every((b) => Object.keys(b.marks).length === 0)).toBe(true);
    expect(await checks(handle)).toEqual([]);
  });

  it('a click for a session the product no longer has, or a purchase gone, records nothing', async () => {
    const { attendance, state } = attendanceOn(handle);
    await attendance.recordJoinClick({ purchaseId: 'p1', userId: 'u1', sessionId: 'gone', at: start1.toISOString() });
    state.buyers = [];
    await attendance.recordJoinClick({ purchaseId: 'p1', userId: 'u1', sessionId: 's1', at: start1.toISOString() });
    expect(await checks(handle)).toEqual([]);
  });
});
