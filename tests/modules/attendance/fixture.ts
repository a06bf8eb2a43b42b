import pino from 'pino';
import { createAttendance, type AttendanceBuyer, type AttendanceProduct, type AttendancePurchase } from '../../../modules/attendance/index.ts';
import { parseEnv } from '../../../modules/shared/config/index.ts';
import { createEventStore } from '../../../modules/shared/events/index.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import type { openMigrated } from '../../support/databases.ts';

export const MIN = 60_000;
export const start1 = new Date('2026-09-23T07:00:00Z');
export const start2 = new Date('2026-09-24T07:00:00Z');
/** Two sessions of 8 hours, worth 7.5 hours each (a half-hour break). */
export const product: AttendanceProduct = {
  key: 'training', threshold: { kind: 'every-session' },
  sessions: [
    { id: 's1', start: start1.toISOString(), end: new Date(start1.getTime() + 480 * MIN).toISOString(), hours: 7.5 },
    { id: 's2', start: start2.toISOString(), end: new Date(start2.getTime() + 480 * MIN).toISOString(), hours: 7.5 },
  ],
};
export const buyers: AttendanceBuyer[] = [
  { purchaseId: 'p1', userId: 'u1', name: 'Anna Nowak', email: 'anna@example.pl' },
  { purchaseId: 'p2', userId: 'u2', name: 'Łukasz Żółć', email: 'lukasz@example.pl' },
  { purchaseId: 'p3', userId: 'u3', name: 'Ewa Kowalska', email: 'ewa@example.pl' },
];
export const config = () => ({ ...parseEnv({ PUBLIC_URL: 'https://gestalt.test' }), JWT_SECRET: 'j'.repeat(40) });

/** Attendance on a migrated database with the products and buyers above (`state` may be changed by a test). */
export function attendanceOn(handle: Awaited<ReturnType<typeof openMigrated>>, now = new Date(start1.getTime() + 5 * MIN)) {
  const state = { product, buyers: [...buyers] };
  const clock = fixedClock(now);
  const store = createEventStore(handle.db);
  let n = 0;
  const ports = {
    purchase: async (id: string): Promise<AttendancePurchase | null> => {
      const b = state.buyers.find((x) => x.purchaseId === id);
      return b ? { purchaseId: b.purchaseId, userId: b.userId, productKey: state.product.key } : null;
    },
    purchasesOf: async (userId: string): Promise<AttendancePurchase[]> =>
      state.buyers.filter((b) => b.userId === userId).map((b) => ({ purchaseId: b.purchaseId, userId: b.userId, productKey: state.product.key })),
    product: async (key: string) => (key === state.product.key ? state.product : null),
    buyers: async (key: string) => (key === state.product.key ? state.buyers : null),
  };
  const attendance = createAttendance({ config: config(), log: pino({ level: 'silent' }), db: handle.db, store, clock, ids: () => `change-${++n}` }, ports);
  for (const p of attendance.projections) store.addProjection(p);
  return { attendance, store, clock, state, ports };
}

/** The certificate-check rows queued, oldest first. */
export const checks = async (handle: Awaited<ReturnType<typeof openMigrated>>) =>
  (await handle.db.selectFrom('outbox').select(['dedupe_key', 'payload']).where('topic', '=', 'certificate-check').orderBy('id').execute())
    .map((r) => ({ key: r.dedupe_key, payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload }));
