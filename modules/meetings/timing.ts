import { warsawDaysFrom } from '../shared/text/index.ts';
import type { MeetingProduct, MeetingSession } from './ports.ts';

/**
 * When reminders are due and when a session can be joined, as pure functions of the sessions and an instant.
 * Nothing here reads a clock: the instant arrives as an argument (tests move it across DST changes).
 */

/** Minutes before each session a reminder goes out: a day, and an hour. */
export const REMINDER_OFFSETS: readonly number[] = [1440, 60];
const MINUTE = 60_000;
const DAY_MINUTES = 1440;

const warsawClock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Warsaw', hourCycle: 'h23', hour: '2-digit', minute: '2-digit' });

/**
 * The instant of a reminder `offset` minutes before `start`. Whole days are counted on the Warsaw calendar: the
 * day-before reminder of a 09:00 session comes at 09:00 the day before, also when the clocks changed in between
 * (then 23 or 25 hours before). Other offsets are plain minutes.
 */
export function reminderMoment(start: Date, offset: number): Date {
  if (offset % DAY_MINUTES !== 0) return new Date(start.getTime() - offset * MINUTE);
  const [hh, mm] = warsawClock.format(start).split(':').map(Number) as [number, number];
  return warsawDaysFrom(start, -offset / DAY_MINUTES, hh, mm);
}

/** Offsets as a product gives them: positive whole minutes, each once, largest (earliest reminder) first. */
export const normalOffsets = (offsets: readonly number[]): number[] =>
  [...new Set(offsets.filter((o) => Number.isInteger(o) && o > 0))].sort((a, b) => b - a);

export type PlannedReminder = { sessionId: string; offset: number; notBefore: Date };

/**
 * The reminders a purchase paid at `now` still gets: for each session not yet started, each reminder whose moment
 * is ahead (sent then), and, when the moment of one has passed, the latest of those passed (sent at once), since
 * a reminder is due from its moment until the next one's moment or the start. So a buyer who buys 30 minutes
 * before a session gets its link at once, and one who buys 2 hours before gets the day-before one now and the
 * hour-before one at its time.
 */
export function remindersToPlan(sessions: readonly MeetingSession[], offsets: readonly number[], now: Date): PlannedReminder[] {
  const planned: PlannedReminder[] = [];
  const sorted = normalOffsets(offsets);
  for (const session of sessions) {
    if (session.start <= now) continue;
    const passed = sorted.filter((o) => reminderMoment(session.start, o) <= now);
    const latestPassed = passed.at(-1);
    if (latestPassed !== undefined) planned.push({ sessionId: session.id, offset: latestPassed, notBefore: now });
    for (const offset of sorted.filter((o) => reminderMoment(session.start, o) > now)) {
      planned.push({ sessionId: session.id, offset, notBefore: reminderMoment(session.start, offset) });
    }
  }
  return planned;
}

export type ReminderVerdict =
  | { send: true; minutesLeft: number }
  | { send: false; why: 'started' | 'superseded' | 'early' };

/**
 * Whether a reminder goes out at `now` (the worker may run late): yes while its session has not started and no
 * later reminder's moment has come (that one says it better); never at or after the start. `minutesLeft` words it.
 */
export function reminderVerdict(session: MeetingSession, offset: number, offsets: readonly number[], now: Date): ReminderVerdict {
  if (now >= session.start) return { send: false, why: 'started' };
  if (now < reminderMoment(session.start, offset)) return { send: false, why: 'early' };
  const later = normalOffsets(offsets).filter((o) => o < offset);
  if (later.some((o) => reminderMoment(session.start, o) <= now)) return { send: false, why: 'superseded' };
  return { send: true, minutesLeft: Math.ceil((session.start.getTime() - now.getTime()) / MINUTE) };
}

/** A product's sessions in time order; a product recorded without them is one session, `liveAt` to its end. */
export function sessionsOf(product: MeetingProduct): MeetingSession[] {
  if (product.sessions && product.sessions.length > 0) return [...product.sessions].sort((a, b) => a.start.getTime() - b.start.getTime());
  const end = product.liveEndsAt ?? new Date(product.liveAt.getTime() + product.durationMinutes * MINUTE);
  // `day-1`: the id the catalogue gives the only session of a product recorded before sessions existed (as purchases does).
  return [{ id: 'day-1', start: product.liveAt, end }];
}

/** How long before a session joining opens: the catalogue's `joinOpensAt` before the first start, the same for each. */
export const joinLeadMs = (product: MeetingProduct): number =>
  product.joinOpensAt ? Math.max(0, product.liveAt.getTime() - product.joinOpensAt.getTime()) : 0;

export type JoinWindow =
  | { open: true; session: MeetingSession }
  | { open: false; opensAt: Date; session: MeetingSession }
  | { open: false; over: true };

/** The session that can be joined at `now` (from `lead` before its start until its end), or when the next one opens. */
export function joinWindow(sessions: readonly MeetingSession[], leadMs: number, now: Date): JoinWindow {
  for (const session of sessions) {
    if (now >= session.end) continue;
    const opensAt = new Date(session.start.getTime() - leadMs);
    return now >= opensAt ? { open: true, session } : { open: false, opensAt, session };
  }
  return { open: false, over: true };
}
