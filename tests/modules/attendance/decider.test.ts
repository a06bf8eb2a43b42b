import { describe, expect, it } from 'vitest';
import { meetsThreshold, sessionAttendanceDecider as decider, type AttendanceMarked, type SessionCommand } from '../../../modules/attendance/index.ts';
import { fold, isDomainError } from '../../../modules/shared/kernel/index.ts';

const at = '2026-09-23T07:05:00.000Z';
const base = { productKey: 'training', sessionId: 's1', at, change: 'c1' };
const click = (purchaseId = 'p1', userId = 'u1'): SessionCommand => ({ type: 'RecordJoinClick', ...base, purchaseId, userId });
const admin = (marks: { purchaseId: string; present: boolean; minutes?: number | null }[], source: 'admin' | 'import' = 'admin'): SessionCommand => ({
  type: 'MarkAttendance', ...base, source, by: 'admin-1', sessionMinutes: 480,
  marks: marks.map((m) => ({ purchaseId: m.purchaseId, userId: `u-${m.purchaseId}`, present: m.present, minutes: m.minutes ?? null })),
});
/** Given these commands were decided in turn, when `command` is decided, then these events. */
function given(history: SessionCommand[]) {
  const events: AttendanceMarked[] = [];
  for (const c of history) events.push(...decider.decide(c, fold(decider, events)));
  return { when: (command: SessionCommand) => decider.decide(command, fold(decider, events)) };
}

describe('a session\'s attendance', () => {
  it('given nothing recorded, when the buyer clicks their join link, then present from the click (by the buyer, minutes unknown)', () => {
    expect(given([]).when(click())).toEqual([{ type: 'AttendanceMarked', data: { ...base, purchaseId: 'p1', userId: 'u1', present: true, minutes: null, source: 'join-click', by: 'u1' } }]);
  });

  it('given a click already counted, when they click again, then nothing more is recorded', () => {
    expect(given([click()]).when(click())).toEqual([]);
  });

  it('given the admin marked the buyer absent (a mail scanner clicked), when the link is clicked again, then the admin\'s word stands', () => {
    expect(given([click(), admin([{ purchaseId: 'p1', present: false }])]).when(click())).toEqual([]);
  });

  it('given a click, when the admin marks the buyer absent, then absent from the admin, and the click stays in the trail', () => {
    const [event] = given([click()]).when(admin([{ purchaseId: 'p1', present: false }]));
    expect(event!.data).toMatchObject({ purchaseId: 'p1', present: false, minutes: null, source: 'admin', by: 'admin-1' });
  });

  it('given a buyer present, when the admin ticks them present again, then nothing is recorded; another buyer ticked is', () => {
    const events = given([admin([{ purchaseId: 'p1', present: true }])]).when(admin([{ purchaseId: 'p1', present: true }, { purchaseId: 'p2', present: true }]));
    expect(events.map((e) => e.data.purchaseId)).toEqual(['p2']);
  });

  it('given minutes imported, when the admin ticks the buyer present, then the admin\'s word stands: present without minutes (full hours)', () => {
    const h = given([admin([{ purchaseId: 'p1', present: true, minutes: 300 }], 'import')]);
    expect(h.when(admin([{ purchaseId: 'p1', present: true }])).map((e) => e.data)).toEqual([
      expect.objectContaining({ purchaseId: 'p1', present: true, minutes: null, source: 'admin', by: 'admin-1' }),
    ]);
    expect(h.when(admin([{ purchaseId: 'p1', present: true, minutes: 420 }], 'import'))[0]!.data).toMatchObject({ minutes: 420, source: 'import' });
    expect(h.when(admin([{ purchaseId: 'p1', present: true, minutes: 300 }], 'import'))).toEqual([]);
  });

  it('given the admin\'s tick, when a report is imported later, then its minutes are recorded (the latest word wins)', () => {
    expect(given([admin([{ purchaseId: 'p1', present: true }])]).when(admin([{ purchaseId: 'p1', present: true, minutes: 200 }], 'import'))[0]!.data)
      .toMatchObject({ present: true, minutes: 200, source: 'import' });
  });

  it('given minutes imported for one buyer and another absent, when the admin marks all present, then only the absent one is marked; the minutes stay', () => {
    const all: SessionCommand = { ...admin([{ purchaseId: 'p1', present: true }, { purchaseId: 'p2', present: true }, { purchaseId: 'p3', present: true }]), onlyNotPresent: true } as SessionCommand;
    const events = given([admin([{ purchaseId: 'p1', present: true, minutes: 300 }], 'import'), admin([{ purchaseId: 'p2', present: false }])]).when(all);
    expect(events.map((e) => [e.data.purchaseId, e.data.present, e.data.minutes])).toEqual([['p2', true, null], ['p3', true, null]]);
  });

  it('when minutes are above the session\'s length, then the whole command is refused, naming the purchase', () => {
    try {
      given([]).when(admin([{ purchaseId: 'p1', present: true, minutes: 100 }, { purchaseId: 'p2', present: true, minutes: 481 }]));
      expect.unreachable();
    } catch (error) {
      expect(isDomainError(error, 'attendance-minutes-too-many')).toBe(true);
      expect((error as { data: object }).data).toEqual({ purchaseId: 'p2', minutes: 481, limit: 480 });
    }
    expect(given([]).when(admin([{ purchaseId: 'p1', present: true, minutes: 480 }]))).toHaveLength(1);
  });

  it('declares the buyer each change concerns', () => {
    expect(decider.concerns.AttendanceMarked(given([]).when(click())[0]!, decider.initialState())).toEqual(['u1']);
  });
});

describe('the certificate threshold', () => {
  const sessions = (present: (boolean | null)[], hours = [6.5, 6.5, 7, 3.5]) => present.map((p, i) => ({ present: p, hoursCounted: p ? hours[i]! : 0 }));

  it('given every session, when all are present, then met; when one is missing or unmarked, then not', () => {
    expect(meetsThreshold({ kind: 'every-session' }, sessions([true, true, true, true]))).toBe(true);
    expect(meetsThreshold({ kind: 'every-session' }, sessions([true, true, false, true]))).toBe(false);
    expect(meetsThreshold({ kind: 'every-session' }, sessions([true, true, null, true]))).toBe(false);
  });

  it('given a minimum of hours, then exactly the minimum meets it and a quarter less does not', () => {
    expect(meetsThreshold({ kind: 'min-hours', hours: 20 }, sessions([true, true, true, false]))).toBe(true);
    expect(meetsThreshold({ kind: 'min-hours', hours: 20.25 }, sessions([true, true, true, false]))).toBe(false);
    expect(meetsThreshold({ kind: 'min-hours', hours: 0.3 }, sessions([true], [0.1 + 0.2]))).toBe(true);
  });

  it('given a minimum of hours, then one session missing may still meet it, and the wrong one not', () => {
    expect(meetsThreshold({ kind: 'min-hours', hours: 17 }, sessions([true, false, true, true]))).toBe(true);
    expect(meetsThreshold({ kind: 'min-hours', hours: 17 }, sessions([true, true, false, true]))).toBe(false);
  });

  it('given a minimum of hours, then the hours counted from minutes count, not the hours offered', () => {
    const partial = [{ present: true, hoursCounted: 6.5 }, { present: true, hoursCounted: 3.25 }];
    expect(meetsThreshold({ kind: 'min-hours', hours: 9.75 }, partial)).toBe(true);
    expect(meetsThreshold({ kind: 'min-hours', hours: 10 }, partial)).toBe(false);
  });

  it('given every session, then a session present for part of its length still counts as present', () => {
    expect(meetsThreshold({ kind: 'every-session' }, [{ present: true, hoursCounted: 1.25 }, { present: true, hoursCounted: 7 }])).toBe(true);
  });

  it('given a product with no sessions, then nothing meets it', () => {
    expect(meetsThreshold({ kind: 'every-session' }, [])).toBe(false);
  });
});
