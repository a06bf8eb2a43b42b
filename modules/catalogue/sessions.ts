/**
 * A product's sessions (issue 24): each sitting of the event, a start and an end instant, entered on Warsaw's clock.
 * Six for the 6-day training, three for a workshop, one for a seminar. A session's `id` is given by the server when the
 * session is added and kept for life, so what is keyed by (purchase, session) — reminders, calendar UIDs, attendance —
 * survives a change of its time.
 */
import { onDayOf, warsawClock } from './clock.ts';

export type Session = { id: string; start: string; end: string };

/**
 * The product's sessions, in time order: its own, or for a product recorded before sessions existed, one per day from
 * `startsAt` (each day at the start's wall-clock time) to `dailyEnd`, ids `day-1`, `day-2`, …
 */
export function sessionsOf(p: { startsAt: string; days: number; dailyEnd: string; sessions?: Session[] | undefined }): Session[] {
  if (p.sessions && p.sessions.length > 0) return [...p.sessions].sort((a, b) => a.start.localeCompare(b.start));
  const startClock = warsawClock(p.startsAt);
  return Array.from({ length: Math.max(1, p.days) }, (_, i) => ({
    id: `day-${i + 1}`,
    start: onDayOf(p.startsAt, i, startClock).toISOString(),
    end: onDayOf(p.startsAt, i, p.dailyEnd).toISOString(),
  }));
}

/** When the live part ends: the last session's end (the spec's 24-hour rule counts from it). */
export const lastSessionEnd = (sessions: readonly Session[]): Date => new Date(sessions.reduce((last, s) => (s.end > last ? s.end : last), sessions[0]!.end));
