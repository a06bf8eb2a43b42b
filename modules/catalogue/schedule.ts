/**
 * The rules of a product's sessions and capacity (issue 24), and what the older single-start fields read from them:
 * `startsAt` is the first session's start, `days` the Warsaw days that have a session, `dailyEnd` the first session's
 * end on Warsaw's clock, so everything still reading those fields stays right.
 */
import { DomainError } from '../shared/kernel/index.ts';
import { toWarsawInput } from '../shared/text/index.ts';
import { onDayOf, warsawClock } from './clock.ts';
import type { Session } from './sessions.ts';

/** A session as the admin sends it: a new one has no id yet (the server gives it). */
export type SessionInput = { id?: string; start: string; end: string };

/** The Warsaw calendar date ('YYYY-MM-DD') of an instant. */
export const warsawDate = (instant: string): string => toWarsawInput(instant).slice(0, 10);

const byStart = (a: Session, b: Session) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end);

/** The distinct Warsaw dates that have a session, in order. */
export const sessionDates = (sessions: readonly Session[]): string[] => [...new Set([...sessions].sort(byStart).map((s) => warsawDate(s.start)))];

/** The single-start fields the sessions stand for (a non-empty list). */
export function scheduleOf(sessions: readonly Session[]): { startsAt: string; days: number; dailyEnd: string; sessions: Session[] } {
  const sorted = [...sessions].sort(byStart);
  const first = sorted[0]!;
  return { sessions: sorted, startsAt: first.start, days: sessionDates(sorted).length, dailyEnd: warsawClock(first.end) };
}

/**
 * A start sent beside the sessions must be the first session's start (issue 34): the sessions are the schedule, so a
 * different one would be a move nobody records (`product-start-not-first-session`, beside the start). Moving a
 * product is done by moving its sessions, or by sending the single start without them (an older client).
 */
export function checkStartIsFirstSession(startsAt: string | undefined, sessions: readonly { start: string }[]): void {
  if (startsAt === undefined || sessions.length === 0) return;
  const first = Math.min(...sessions.map((s) => Date.parse(s.start)));
  if (Date.parse(startsAt) !== first) throw new DomainError('product-start-not-first-session', { field: 'startsAt' });
}

const MAX_SESSIONS = 100;

/**
 * The admin's sessions, in the order the form lists them (so a refusal names the row): at least one
 * (`product-sessions-missing`), each ending after it starts (`product-session-ends-first`), no two overlapping, one
 * ending exactly when the next starts being fine (`product-sessions-overlap`, naming the later one's start).
 */
export function checkSessions(sessions: readonly Session[]): void {
  if (sessions.length === 0) throw new DomainError('product-sessions-missing', { field: 'sessions' });
  if (sessions.length > MAX_SESSIONS) throw new DomainError('product-sessions-missing', { field: 'sessions' });
  sessions.forEach((s, i) => {
    const start = Date.parse(s.start);
    const end = Date.parse(s.end);
    if (Number.isNaN(start)) throw new DomainError('product-session-ends-first', { field: `sessions.${i}.start` });
    if (Number.isNaN(end) || end <= start) throw new DomainError('product-session-ends-first', { field: `sessions.${i}.end` });
  });
  const order = sessions.map((s, i) => ({ i, start: Date.parse(s.start), end: Date.parse(s.end) })).sort((a, b) => a.start - b.start || a.end - b.end);
  for (let k = 1; k < order.length; k += 1) {
    if (order[k]!.start < order[k - 1]!.end) throw new DomainError('product-sessions-overlap', { field: `sessions.${order[k]!.i}.start` });
  }
}

/** A whole number of seats, at least one, or null for no limit; never fewer than the seats already sold. */
export function checkCapacity(capacity: number | null, seatsSold: number | undefined): void {
  if (capacity === null) return;
  if (!Number.isInteger(capacity) || capacity < 1 || capacity > 100_000) throw new DomainError('product-capacity-invalid', { field: 'capacity' });
  if (seatsSold !== undefined && capacity < seatsSold) throw new DomainError('product-capacity-below-sold', { field: 'capacity', sold: seatsSold });
}

/** Minutes before each session a reminder goes out when a product sets none: a day, and an hour. */
export const DEFAULT_REMINDER_OFFSETS: readonly number[] = [1440, 60];
/** At most this many reminders per session, none earlier than 30 days before it. */
export const MAX_REMINDERS = 10;
export const MAX_REMINDER_MINUTES = 30 * 1440;

/**
 * A product's reminder offsets (minutes before each session): one to MAX_REMINDERS of them
 * (`product-reminders-count`), each a whole number of minutes from 1 to 30 days (`product-reminder-invalid`, naming
 * the row), none twice (`product-reminder-duplicate`, naming the repeat). Answers them largest (earliest) first.
 */
export function checkReminderOffsets(offsets: readonly number[]): number[] {
  if (offsets.length === 0 || offsets.length > MAX_REMINDERS) throw new DomainError('product-reminders-count', { field: 'reminderOffsets' });
  offsets.forEach((o, i) => {
    if (typeof o !== 'number' || !Number.isInteger(o) || o < 1 || o > MAX_REMINDER_MINUTES) {
      throw new DomainError('product-reminder-invalid', { field: `reminderOffsets.${i}` });
    }
    if (offsets.indexOf(o) !== i) throw new DomainError('product-reminder-duplicate', { field: `reminderOffsets.${i}` });
  });
  return [...offsets].sort((a, b) => b - a);
}

/** A waiting list's offer holds its seat from 1 hour to 14 days (it still ends 2 hours before the first session). */
export const MAX_OFFER_HOURS = 14 * 24;
/** An offer's length when the product sets none (the editor shows it). */
export const DEFAULT_OFFER_HOURS = 24;

/** An offer's length in whole hours, 1 to MAX_OFFER_HOURS (`product-offer-hours-invalid`). */
export function checkOfferHours(hours: number): number {
  if (!Number.isInteger(hours) || hours < 1 || hours > MAX_OFFER_HOURS) throw new DomainError('product-offer-hours-invalid', { field: 'offerHours' });
  return hours;
}

/** The reminder offsets of a product (or of none: the default). */
export const reminderOffsetsOf = (p: { reminderOffsets?: readonly number[] | undefined } | null): readonly number[] =>
  p?.reminderOffsets && p.reminderOffsets.length > 0 ? p.reminderOffsets : DEFAULT_REMINDER_OFFSETS;

/** A new session's id: `s-` and a short piece of a fresh id. */
export const sessionId = (fresh: string): string => `s-${fresh.replace(/-/g, '').slice(0, 10)}`;

/**
 * The sessions an admin sent, with the ids the server keeps: a session the product has keeps its id; one without an id,
 * or with an id the product does not have (invented or stale), gets a fresh one. Each id at most once.
 */
export function withIds(sent: readonly SessionInput[], current: readonly Session[], fresh: () => string): Session[] {
  const known = new Set(current.map((s) => s.id));
  const used = new Set<string>();
  return sent.map((s) => {
    const id = s.id !== undefined && known.has(s.id) && !used.has(s.id) ? s.id : sessionId(fresh());
    used.add(id);
    return { id, start: s.start, end: s.end };
  });
}

/** Whole days from one Warsaw date to another. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00Z`) - Date.parse(`${from}T00:00Z`)) / 86_400_000);

/**
 * The sessions moved to a new first start (a new edition): each keeps its distance in Warsaw days from the first and
 * its wall-clock times; the first starts exactly at `startsAt`. The copies are new sessions, with new ids.
 */
export function shiftedSessions(sessions: readonly Session[], startsAt: string, fresh: () => string): Session[] {
  const sorted = [...sessions].sort(byStart);
  const firstDate = warsawDate(sorted[0]!.start);
  return sorted.map((s, i) => ({
    id: sessionId(fresh()),
    start: i === 0 ? new Date(startsAt).toISOString() : onDayOf(startsAt, daysBetween(firstDate, warsawDate(s.start)), warsawClock(s.start)).toISOString(),
    end: onDayOf(startsAt, daysBetween(firstDate, warsawDate(s.end)), warsawClock(s.end)).toISOString(),
  }));
}

/**
 * A product's (or a revision's) fields with the rules of sessions, capacity and reminders applied: sessions given are
 * checked and kept in time order, and the single-start fields follow from them; a capacity given is checked for its
 * form; reminder offsets given are checked and kept earliest first.
 */
export function scheduled<P extends { capacity?: number | null | undefined; sessions?: Session[] | undefined; reminderOffsets?: number[] | undefined; offerHours?: number | undefined }>(fields: P): P {
  if (fields.capacity !== undefined) checkCapacity(fields.capacity, undefined);
  if (fields.offerHours !== undefined) checkOfferHours(fields.offerHours);
  const reminders = fields.reminderOffsets !== undefined ? { reminderOffsets: checkReminderOffsets(fields.reminderOffsets) } : {};
  if (fields.sessions === undefined) return { ...fields, ...reminders };
  checkSessions(fields.sessions);
  return { ...fields, ...reminders, ...scheduleOf(fields.sessions) };
}
