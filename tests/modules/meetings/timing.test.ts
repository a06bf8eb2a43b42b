import { describe, expect, it } from 'vitest';
import { REMINDER_OFFSETS, joinWindow, reminderMoment, reminderVerdict, remindersToPlan, timeLeft, type MeetingSession } from '../../../modules/meetings/index.ts';
import { warsawInstant } from '../../../modules/shared/text/index.ts';

const MIN = 60_000;
const at = (iso: string) => new Date(iso);
/** A session on Warsaw's clock: day and start hour, lasting `hours`. */
const session = (id: string, y: number, m: number, d: number, hh: number, hours = 3): MeetingSession => {
  const start = warsawInstant(y, m, d, hh);
  return { id, start, end: new Date(start.getTime() + hours * 60 * MIN) };
};
const plan = (sessions: MeetingSession[], now: Date) =>
  remindersToPlan(sessions, REMINDER_OFFSETS, now).map((r) => ({ session: r.sessionId, offset: r.offset, at: r.notBefore.toISOString() }));

describe('which reminders a buyer gets', () => {
  // The training of the issue: 23 September 2026, 09:00 Warsaw (07:00Z), and the next day.
  const day1 = session('d1', 2026, 9, 23, 9);
  const day2 = session('d2', 2026, 9, 24, 9);

  it('given a purchase days ahead, when paid, then each session gets its day-before and hour-before reminder at their moments', () => {
    expect(plan([day1, day2], at('2026-09-01T10:00:00Z'))).toEqual([
      { session: 'd1', offset: 1440, at: '2026-09-22T07:00:00.000Z' }, { session: 'd1', offset: 60, at: '2026-09-23T06:00:00.000Z' },
      { session: 'd2', offset: 1440, at: '2026-09-23T07:00:00.000Z' }, { session: 'd2', offset: 60, at: '2026-09-24T06:00:00.000Z' },
    ]);
  });

  it('given a purchase after the day-before moment, when paid, then that reminder goes at once and the hour-before one at its time', () => {
    const now = at('2026-09-22T15:00:00Z');
    expect(plan([day1], now)).toEqual([
      { session: 'd1', offset: 1440, at: now.toISOString() }, { session: 'd1', offset: 60, at: '2026-09-23T06:00:00.000Z' },
    ]);
    expect(reminderVerdict(day1, 1440, REMINDER_OFFSETS, now)).toEqual({ send: true, minutesLeft: 16 * 60 });
  });

  it('given a purchase 30 minutes before the start, when paid, then only the hour-before reminder, with the link, goes at once', () => {
    const now = new Date(day1.start.getTime() - 30 * MIN);
    expect(plan([day1, day2], now)).toEqual([
      { session: 'd1', offset: 60, at: now.toISOString() },
      { session: 'd2', offset: 1440, at: '2026-09-23T07:00:00.000Z' }, { session: 'd2', offset: 60, at: '2026-09-24T06:00:00.000Z' },
    ]);
  });

  it('given a worker that was down, when it comes back 40 minutes before the start, then the hour-before reminder says 40 minutes and the day-before one is not sent', () => {
    const now = new Date(day1.start.getTime() - 40 * MIN);
    expect(reminderVerdict(day1, 60, REMINDER_OFFSETS, now)).toEqual({ send: true, minutesLeft: 40 });
    expect(reminderVerdict(day1, 1440, REMINDER_OFFSETS, now)).toEqual({ send: false, why: 'superseded' });
    expect([timeLeft(40, 'pl'), timeLeft(40, 'en')]).toEqual(['40 minut', '40 minutes']);
  });

  it('given a worker that comes back a second before the start, then the reminder still goes; at the start and after it, never', () => {
    expect(reminderVerdict(day1, 60, REMINDER_OFFSETS, new Date(day1.start.getTime() - 1000))).toEqual({ send: true, minutesLeft: 1 });
    expect(reminderVerdict(day1, 60, REMINDER_OFFSETS, day1.start)).toEqual({ send: false, why: 'started' });
    expect(reminderVerdict(day1, 1440, REMINDER_OFFSETS, new Date(day1.start.getTime() + MIN))).toEqual({ send: false, why: 'started' });
  });

  it('given a purchase after a session started, then that session gets nothing and the later ones theirs', () => {
    expect(plan([day1, day2], new Date(day1.start.getTime() + 10 * MIN)).map((r) => r.session)).toEqual(['d2', 'd2']);
    expect(plan([day1, day2], day2.end)).toEqual([]);
  });

  it('given a reminder row claimed before its moment (the session moved later), then it is early, not sent', () => {
    expect(reminderVerdict(day1, 60, REMINDER_OFFSETS, new Date(day1.start.getTime() - 61 * MIN))).toEqual({ send: false, why: 'early' });
  });
});

describe('reminders across the clock changes in Warsaw', () => {
  it('given a session at 09:00 on the last Sunday of March, then the day-before reminder comes at 09:00 on Saturday, 23 hours before, and says so', () => {
    const sunday = session('s', 2027, 3, 28, 9);
    expect(sunday.start.toISOString()).toBe('2027-03-28T07:00:00.000Z');
    expect(reminderMoment(sunday.start, 1440).toISOString()).toBe('2027-03-27T08:00:00.000Z');
    expect(reminderMoment(sunday.start, 60).toISOString()).toBe('2027-03-28T06:00:00.000Z');
    const verdict = reminderVerdict(sunday, 1440, REMINDER_OFFSETS, reminderMoment(sunday.start, 1440));
    expect(verdict).toEqual({ send: true, minutesLeft: 23 * 60 });
    expect([timeLeft(23 * 60, 'pl'), timeLeft(23 * 60, 'en')]).toEqual(['23 godziny', '23 hours']);
  });

  it('given a session at 09:00 on the last Sunday of October, then the day-before reminder comes at 09:00 on Saturday, 25 hours before', () => {
    const sunday = session('s', 2026, 10, 25, 9);
    expect(sunday.start.toISOString()).toBe('2026-10-25T08:00:00.000Z');
    expect(reminderMoment(sunday.start, 1440).toISOString()).toBe('2026-10-24T07:00:00.000Z');
    expect(reminderMoment(sunday.start, 60).toISOString()).toBe('2026-10-25T07:00:00.000Z');
    expect(reminderVerdict(sunday, 1440, REMINDER_OFFSETS, at('2026-10-24T07:00:00Z'))).toEqual({ send: true, minutesLeft: 25 * 60 });
    expect(timeLeft(25 * 60, 'pl')).toBe('25 godzin');
  });

  it('given a session right after the night the clocks go forward, then the hour-before reminder is one real hour before', () => {
    // 03:30 CEST on 28 March 2027 is 01:30Z; an hour before is 00:30Z, which Warsaw's clock shows as 01:30 CET.
    const early = session('e', 2027, 3, 28, 3);
    expect(reminderMoment(early.start, 60).getTime()).toBe(early.start.getTime() - 60 * MIN);
    expect(plan([early], at('2027-03-28T00:50:00Z'))).toEqual([{ session: 'e', offset: 60, at: '2027-03-28T00:50:00.000Z' }]);
  });

  it('given a whole-day offset of two days over the October change, then it is 09:00 two Warsaw days before', () => {
    const monday = session('m', 2026, 10, 26, 9);
    expect(reminderMoment(monday.start, 2880).toISOString()).toBe('2026-10-24T07:00:00.000Z');
  });
});

describe('when a join link opens', () => {
  const s1 = session('a', 2026, 9, 23, 9);
  const s2 = session('b', 2026, 9, 24, 9);
  const lead = 30 * MIN;
  it('opens `lead` before each session and closes at its end; between sessions it says when the next opens; after the last, over', () => {
    expect(joinWindow([s1, s2], lead, new Date(s1.start.getTime() - lead - 1))).toEqual({ open: false, opensAt: new Date(s1.start.getTime() - lead), session: s1 });
    expect(joinWindow([s1, s2], lead, new Date(s1.start.getTime() - lead))).toEqual({ open: true, session: s1 });
    expect(joinWindow([s1, s2], lead, new Date(s1.end.getTime() - 1))).toEqual({ open: true, session: s1 });
    expect(joinWindow([s1, s2], lead, s1.end)).toEqual({ open: false, opensAt: new Date(s2.start.getTime() - lead), session: s2 });
    expect(joinWindow([s1, s2], lead, s2.end)).toEqual({ open: false, over: true });
  });
});
