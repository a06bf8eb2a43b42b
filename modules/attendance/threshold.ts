import type { AttendanceMarksTable } from './schema.ts';
import type { AttendanceSource } from './session-decider.ts';
import type { AttendanceProduct, AttendancePurchase, CertificateThreshold } from './ports.ts';

export type SessionAttendance = {
  sessionId: string; start: string; end: string; hoursOffered: number;
  present: boolean | null; minutes: number | null; source: AttendanceSource | null;
};
export type AttendanceSummary = {
  purchaseId: string; userId: string; productKey: string;
  /** The sum of the product's hours per session. */
  hoursOffered: number;
  /** The sum of the hours of the sessions marked present. */
  hoursAttended: number;
  sessions: SessionAttendance[];
  /** The product's certificate threshold rule (meetsThreshold). */
  meetsThreshold: boolean;
};

/** Hours are kept to quarters; sums of them compared as whole quarters, so 0.1 + 0.2 never misses a threshold. */
const quarters = (hours: number) => Math.round(hours * 4);

/**
 * The certificate threshold: `every-session` is met when every session is marked present (a product with no sessions
 * meets nothing); `min-hours` when the hours of the sessions marked present reach the minimum, exactly the minimum included.
 */
export function meetsThreshold(threshold: CertificateThreshold, sessions: readonly Pick<SessionAttendance, 'present' | 'hoursOffered'>[]): boolean {
  if (sessions.length === 0) return false;
  if (threshold.kind === 'every-session') return sessions.every((s) => s.present === true);
  const attended = sessions.reduce((sum, s) => sum + (s.present === true ? quarters(s.hoursOffered) : 0), 0);
  return attended >= quarters(threshold.hours);
}

type Mark = Pick<AttendanceMarksTable, 'session_id' | 'present' | 'minutes' | 'source'>;

/** A purchase's attendance of its product's sessions (sessions of marks no longer on the product are left out). */
export function summarize(purchase: AttendancePurchase, product: AttendanceProduct, marks: readonly Mark[]): AttendanceSummary {
  const bySession = new Map(marks.map((m) => [m.session_id, m]));
  const sessions = product.sessions.map((s): SessionAttendance => {
    const mark = bySession.get(s.id);
    return { sessionId: s.id, start: s.start, end: s.end, hoursOffered: s.hours, present: mark?.present ?? null, minutes: mark?.minutes ?? null, source: mark?.source ?? null };
  });
  const sum = (list: readonly SessionAttendance[]) => list.reduce((total, s) => total + quarters(s.hoursOffered), 0) / 4;
  return {
    purchaseId: purchase.purchaseId, userId: purchase.userId, productKey: purchase.productKey,
    hoursOffered: sum(sessions), hoursAttended: sum(sessions.filter((s) => s.present === true)),
    sessions, meetsThreshold: meetsThreshold(product.threshold, sessions),
  };
}
