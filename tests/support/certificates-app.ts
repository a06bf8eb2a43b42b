import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import type { AttendanceSummary } from '../../modules/certificates/index.ts';
import type { Clock } from '../../modules/shared/kernel/index.ts';
import type { openMigrated } from './databases.ts';
import { institute, invoicingApp } from './invoicing-app.ts';

/**
 * The wired app with attendance stood in for (modules/attendance's `summaryOf`, contract of issue 25): `attend` sets a
 * purchase's summary as attendance would answer it, and writes the 'certificate-check' row attendance writes.
 */
export async function certificatesApp(handle: Awaited<ReturnType<typeof openMigrated>>, opts: { clock?: Clock } = {}) {
  const summaries = new Map<string, AttendanceSummary>();
  const app = await invoicingApp(handle, { ...opts, attendance: async (purchaseId) => summaries.get(purchaseId) ?? null });
  await app.invoicing.saveSellerSettings(institute, 'admin-1');
  let purchases = 0;
  return {
    ...app,
    summaries,
    /** A summary of two sessions of 7 and 3.5 hours, both attended unless said otherwise. */
    attend(userId: string, over: Partial<AttendanceSummary> = {}): AttendanceSummary {
      const purchaseId = over.purchaseId ?? `purchase-${++purchases}`;
      const summary: AttendanceSummary = {
        purchaseId, userId, productKey: DEMO_KEYS.shame, hoursOffered: 10.5, hoursAttended: 10.5, meetsThreshold: true,
        sessions: [
          { sessionId: 's1', start: '2026-03-07T08:00:00.000Z', end: '2026-03-07T16:00:00.000Z', hoursOffered: 7, present: true, minutes: null, source: 'admin' },
          { sessionId: 's2', start: '2026-03-08T08:00:00.000Z', end: '2026-03-08T12:00:00.000Z', hoursOffered: 3.5, present: true, minutes: null, source: 'join-click' },
        ],
        ...over,
      };
      summaries.set(purchaseId, summary);
      return summary;
    },
  };
}
