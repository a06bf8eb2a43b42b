// Attendance at an institute's size (issue 34): "all present" for a session of 5,000 buyers, then a participant report
// of 20,000 rows for another session, in one decision each, through the kernel and every module's projections, as
// the server wires them; then what those events weigh in the log, and a rebuild of every read model. Figures, not tests.
import { sql } from 'kysely';
import { createAttendance, EXPECTED_HEADER, type AttendanceBuyer, type AttendanceProduct } from '../modules/attendance/index.ts';
import { backendName, openApp, type Backend } from './app.ts';
import { record } from './table.ts';

const BUYERS = Number(process.env.BENCH_ATTENDANCE_BUYERS ?? 5000);
const REPORT_ROWS = Number(process.env.BENCH_REPORT_ROWS ?? 20_000);
const KEY = 'bench-training';
const MIN = 60_000;
const start = new Date('2026-09-23T07:00:00Z');
const session = (id: string, day: number) => {
  const from = new Date(start.getTime() + day * 86_400_000);
  return { id, start: from.toISOString(), end: new Date(from.getTime() + 480 * MIN).toISOString(), hours: 7.5 };
};
const product: AttendanceProduct = { key: KEY, threshold: { kind: 'every-session' }, sessions: [session('s1', 0), session('s2', 1)] };
const buyers: AttendanceBuyer[] = Array.from({ length: BUYERS }, (_, i) => ({
  purchaseId: `bench-purchase-${i}`, userId: `bench-user-${i}`, name: `Uczestnik ${i}`, email: `buyer-${i}@example.pl`,
}));

/** A Zoom report: REPORT_ROWS connections spread over the buyers (several each), minutes within the session. */
function report(): Uint8Array {
  const lines = [EXPECTED_HEADER];
  const per = Math.max(1, Math.floor(REPORT_ROWS / BUYERS));
  for (let r = 0; r < REPORT_ROWS; r++) {
    const b = buyers[r % BUYERS]!;
    const hour = 9 + Math.floor(r / BUYERS);
    lines.push(`${b.name},${b.email},09/24/2026 ${String(hour).padStart(2, '0')}:00 AM,09/24/2026 ${String(hour).padStart(2, '0')}:50 AM,${Math.floor(400 / per)}`);
  }
  return new TextEncoder().encode(lines.join('\r\n'));
}

/** Wall time, this process's CPU time and the most extra resident memory while `task` runs (sampled every 10 ms) beyond what the process held before. */
async function measured<T>(task: () => Promise<T>) {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 10);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  try {
    const value = await task();
    const seconds = (performance.now() - t0) / 1000;
    const used = process.cpuUsage(cpu0);
    peak = Math.max(peak, process.memoryUsage.rss());
    // CPU time beside wall time: on a machine shared with other sessions the wall time counts their turns too.
    return { value, seconds, cpu: (used.user + used.system) / 1e6, extraMiB: (peak - before) / 2 ** 20 };
  } finally {
    clearInterval(sampler);
  }
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MiB`;

export async function attendanceBench(backend: Backend) {
  const app = await openApp(backend);
  try {
    const label = backendName(backend);
    // The server's store (every module's projections, attendance's among them); the product and buyers from here, as
    // the catalogue and purchases would answer them, so that 5,000 checkouts need not be made first.
    const ports = {
      purchase: async (id: string) => { const b = buyers.find((x) => x.purchaseId === id); return b ? { purchaseId: b.purchaseId, userId: b.userId, productKey: KEY } : null; },
      purchasesOf: async (userId: string) => buyers.filter((b) => b.userId === userId).map((b) => ({ purchaseId: b.purchaseId, userId: b.userId, productKey: KEY })),
      product: async (key: string) => (key === KEY ? product : null),
      buyers: async (key: string) => (key === KEY ? buyers : null),
    };
    const attendance = createAttendance({ config: app.config, log: app.log, db: app.db, store: app.store }, ports);
    const from = await app.store.lastPosition();

    const all = await measured(() => attendance.markAllPresent(KEY, 's1', 'bench-admin'));
    // What the server does once the commit is known (every instance): sessions, owned purchases, pages of those users.
    const marked = await app.store.readAll(from, BUYERS + 10);
    const told = await measured(async () => app.wired.onCommitted(marked));
    record({ what: 'attendance: all present', case: `${BUYERS.toLocaleString('en-US')} buyers, one decision · ${label}`,
      result: `${all.value.changed.toLocaleString('en-US')} marked in ${all.seconds.toFixed(2)} s (CPU ${all.cpu.toFixed(2)} s), +${all.extraMiB.toFixed(0)} MiB RSS; after the commit ${(told.seconds * 1000).toFixed(0)} ms` });

    const bytes = report();
    const imported = await measured(() => attendance.applyImport(KEY, 's2', bytes, {}, 'bench-admin'));
    record({ what: 'attendance: participant report applied', case: `${REPORT_ROWS.toLocaleString('en-US')} rows (${mib(bytes.length)}), ${BUYERS.toLocaleString('en-US')} buyers · ${label}`,
      result: `${imported.value.changed.toLocaleString('en-US')} marked in ${imported.seconds.toFixed(2)} s (CPU ${imported.cpu.toFixed(2)} s), +${imported.extraMiB.toFixed(0)} MiB RSS` });

    const rebuild = await measured(() => app.store.rebuildProjections());
    // The log as a fresh database keeps it after the rebuild: every row of `events` with its indexes (vacuumed), and
    // the metadata's share of the attendance events.
    await sql`vacuum full events`.execute(app.db);
    const size = await sql<{ total: string; metadata: string; data: string; n: string }>`select pg_total_relation_size('events')::text as total,
      (select coalesce(sum(octet_length(metadata::text)), 0)::text from events where type = 'AttendanceMarked') as metadata,
      (select coalesce(sum(octet_length(data::text)), 0)::text from events where type = 'AttendanceMarked') as data,
      (select count(*)::text from events where type = 'AttendanceMarked') as n`.execute(app.db);
    const s = size.rows[0]!;
    const marks = await sql<{ n: string }>`select count(*)::text as n from attendance_marks`.execute(app.db);
    record({ what: 'attendance: the log after a rebuild', case: `${Number(s.n).toLocaleString('en-US')} AttendanceMarked · ${label}`,
      result: `events table ${mib(Number(s.total))}; their metadata ${mib(Number(s.metadata))}, data ${mib(Number(s.data))}; rebuild ${rebuild.value.events.toLocaleString('en-US')} events in ${rebuild.seconds.toFixed(1)} s, ${Number(marks.rows[0]!.n).toLocaleString('en-US')} marks` });
  } finally {
    await app.close();
  }
}
