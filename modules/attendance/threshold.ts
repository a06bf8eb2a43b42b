import { hoursCounted, quarters } from './hours-counted.ts';
import type { AttendanceMarksTable } from './schema.ts';
import type { AttendanceSource } from './session-decider.ts';
import type { AttendanceProduct, AttendancePurchase, CertificateThreshold } from './ports.ts';

export type SessionAttendance = {
  sessionId: string; start: string; end: string; hoursOffered: number;
  present: boolean | null; minutes: number | null; source: AttendanceSource | null;
  /** The hours this session counts (hoursCounted): full when present without minutes, in proportion to the minutes when known. */
  hoursCounted: number;
};
export type AttendanceSummary = {
  purchaseId: string; userId: string; productKey: string;
  /** The sum of the product's hours per session. */
  hoursOffered: number;
  /** The sum of the sessions' hours counted. */
  hoursAttended: number;
  sessions: SessionAttendance[];
  /** The product's certificate threshold rule (meetsThreshold). */
  threshold: CertificateThreshold;
  meetsThreshold: boolean;
};

/**
 * The certificate threshold: `every-session` is met when every session is marked present, whatever its minutes (a
 * product with no sessions meets nothing); `min-hours` when the hours counted reach the minimum, exactly the minimum included.
 */
export function meetsThreshold(threshold: CertificateThreshold, sessions: readonly Pick<SessionAttendance, 'present' | 'hoursCounted'>[]): boolean {
  if (sessions.length === 0) return false;
  if (threshold.kind === 'every-session') return sessions.every((s) => s.present === true);
  const attended = sessions.reduce((sum, s) => sum + (s.present === true ? quarters(s.hoursCounted) : 0), 0);
  return attended >= quarters(threshold.hours);
}

type Mark = Pick<AttendanceMarksTable, 'session_id' | 'present' | 'minutes' | 'source'>;

/** A purchase's attendance of its product's sessions (sessions of marks no longer on the product are left out). */
export function summarize(purchase: AttendancePurchase, product: AttendanceProduct, marks: readonly Mark[]): AttendanceSummary {
  const bySession = new Map(marks.map((m) => [m.session_id, m]));
  const sessions = product.sessions.map((s): SessionAttendance => {
    const mark = bySession.get(s.id);
    const present = mark?.present ?? null;
    const minutes = mark?.minutes ?? null;
    return { sessionId: s.id, start: s.start, end: s.end, hoursOffered: s.hours, present, minutes, source: mark?.source ?? null, hoursCounted: hoursCounted(s, { present, minutes }) };
  });
  const sum = (hours: readonly number[]) => hours.reduce((total, h) => total + quarters(h), 0) / 4;
  return {
    purchaseId: purchase.purchaseId, userId: purchase.userId, productKey: purchase.productKey,
    hoursOffered: sum(sessions.map((s) => s.hoursOffered)), hoursAttended: sum(sessions.map((s) => s.hoursCounted)),
    sessions, threshold: product.threshold, meetsThreshold: meetsThreshold(product.threshold, sessions),
  };
}
