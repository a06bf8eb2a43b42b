/**
 * The hours a session counts towards a buyer's hours attended (issue 25, and the gap after it: a participant report's
 * minutes). A certification body asks for the hours a person was there, not the hours they were let in: someone who
 * left at lunch must not be certified for the whole day.
 */

/** Hours are kept to whole quarters (the catalogue allows no finer hours), so sums of them stay exact. */
export const quarters = (hours: number) => Math.round(hours * 4);

/** A session's scheduled length in whole minutes (what a report's minutes are measured against). */
export const sessionMinutes = (s: { start: string; end: string }) => Math.round((Date.parse(s.end) - Date.parse(s.start)) / 60_000);

/**
 * The hours one session counts for one buyer:
 * - not present (absent, or nothing recorded): none;
 * - present without minutes (a join click, the admin's tick or "all present"): the session's full hours;
 * - present with minutes (a participant report): the session's hours in proportion to the minutes attended over the
 *   session's scheduled length, never more than the session's hours, rounded DOWN to a quarter of an hour (a quarter
 *   is counted only once it was attended in full).
 * Which of these applies is the latest mark's (see session-decider.ts: the admin's tick after an import drops its minutes).
 */
export function hoursCounted(session: { start: string; end: string; hours: number }, mark: { present: boolean | null; minutes: number | null }): number {
  if (mark.present !== true) return 0;
  const offered = quarters(session.hours);
  const length = sessionMinutes(session);
  if (mark.minutes === null || length <= 0) return offered / 4;
  // In whole quarters and whole minutes: integer arithmetic, so a boundary is never missed by a rounding error.
  return Math.min(offered, Math.floor((offered * Math.max(0, mark.minutes)) / length)) / 4;
}
