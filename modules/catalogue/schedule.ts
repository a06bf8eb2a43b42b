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
 * A product's (or a revision's) fields with the rules of sessions and capacity applied: sessions given are checked and
 * kept in time order, and the single-start fields follow from them; a capacity given is checked for its form.
 */
export function scheduled<P extends { capacity?: number | null | undefined; sessions?: Session[] | undefined }>(fields: P): P {
  if (fields.capacity !== undefined) checkCapacity(fields.capacity, undefined);
  if (fields.sessions === undefined) return fields;
  checkSessions(fields.sessions);
  return { ...fields, ...scheduleOf(fields.sessions) };
}
