/**
 * The hours each session is worth towards a certificate, and the certificate's threshold (issue 25). A session is
 * worth its length minus the day's break where the break falls inside it, rounded to half an hour, unless the admin
 * says otherwise (`sessionHours`, never more than its length); the threshold is every session unless the admin sets
 * a minimum of hours (`certificateMinHours`, never more than all the sessions are worth).
 */
import { DomainError } from '../shared/kernel/index.ts';
import { onDayOf } from './clock.ts';
import { sessionsOf, type Session } from './sessions.ts';

type Break = { from: string; to: string } | null;

/** A product's fields of hours towards a certificate (issue 25). */
export type CertificateHours = {
  /** Hours each session is worth, by session id, where the admin set them; else `defaultSessionHours`. */
  sessionHours?: Record<string, number>;
  /** A certificate takes at least these hours attended; null or absent: every session. */
  certificateMinHours?: number | null;
};
export type SessionHours = Session & { hours: number };

const HOUR = 3_600_000;
const lengthHours = (s: Session) => (Date.parse(s.end) - Date.parse(s.start)) / HOUR;

/** A session's length less the part of the day's break (Warsaw clock, its own day) inside it, to the nearest half hour. */
export function defaultSessionHours(session: Session, breakTime: Break): number {
  let ms = Date.parse(session.end) - Date.parse(session.start);
  if (breakTime) {
    const from = Math.max(onDayOf(session.start, 0, breakTime.from).getTime(), Date.parse(session.start));
    const to = Math.min(onDayOf(session.start, 0, breakTime.to).getTime(), Date.parse(session.end));
    if (to > from) ms -= to - from;
  }
  return Math.round((ms / HOUR) * 2) / 2;
}

/** Each session with the hours it is worth: the admin's where given, else the default. */
export function hoursBySession(sessions: readonly Session[], breakTime: Break, given: Readonly<Record<string, number>> | undefined): SessionHours[] {
  return sessions.map((s) => ({ ...s, hours: given?.[s.id] ?? defaultSessionHours(s, breakTime) }));
}

/** Hours in quarters at most, so their sums stay exact. */
const isQuarter = (h: number) => Math.abs(Math.round(h * 4) - h * 4) < 1e-9;

/**
 * The admin's hours per session: each for a session the product has, from 0 to its length, in quarters of an hour
 * (`product-session-hours-invalid`, naming the session's row); the minimum for a certificate from 0.5 to what all the
 * sessions are worth (`product-certificate-hours-invalid`).
 */
export function checkHours(p: { sessions: readonly Session[]; breakTime: Break; sessionHours?: Record<string, number> | undefined; certificateMinHours?: number | null | undefined }): void {
  const index = new Map(p.sessions.map((s, i) => [s.id, i]));
  for (const [id, hours] of Object.entries(p.sessionHours ?? {})) {
    const i = index.get(id);
    if (i === undefined) continue;
    if (!Number.isFinite(hours) || hours < 0 || !isQuarter(hours) || hours > lengthHours(p.sessions[i]!) + 1e-9) {
      throw new DomainError('product-session-hours-invalid', { field: `sessionHours.${id}` });
    }
  }
  const min = p.certificateMinHours;
  if (min === null || min === undefined) return;
  const total = hoursBySession(p.sessions, p.breakTime, p.sessionHours).reduce((sum, s) => sum + s.hours, 0);
  if (!Number.isFinite(min) || min < 0.5 || !isQuarter(min) || min > total + 1e-9) throw new DomainError('product-certificate-hours-invalid', { field: 'certificateMinHours', total });
}

/** The fields whose change may take a session's hours above its length, or the threshold above all the hours. */
const HOURS_FIELDS = ['sessions', 'startsAt', 'days', 'dailyEnd', 'breakTime', 'sessionHours', 'certificateMinHours'] as const;
type Hourly = Parameters<typeof sessionsOf>[0] & CertificateHours & { breakTime: Break };

/** `checkHours` of a product as published, or as a revision's `changes` would leave it (only when they touch its hours). */
export function checkProductHours(product: Hourly, changes?: Partial<Hourly>): void {
  if (changes && !HOURS_FIELDS.some((f) => changes[f] !== undefined)) return;
  const next = { ...product, ...changes };
  checkHours({ ...next, sessions: sessionsOf(next) });
}
