import type { ModuleTx } from '../shared/db/index.ts';
import type { Projection, RecordedEvent } from '../shared/events/index.ts';
import type { AttendanceTables } from './schema.ts';
import type { AttendanceMarked } from './session-decider.ts';

/** Rows per statement: a "mark all present" of 5,000 buyers is five statements, not 5,000 round trips. */
const ROWS_PER_UPSERT = 1000;

const rowOf = ({ data }: AttendanceMarked) => ({
  purchase_id: data.purchaseId, session_id: data.sessionId, product_key: data.productKey, user_id: data.userId,
  present: data.present, minutes: data.minutes, source: data.source, marked_by: data.by, marked_at: data.at,
});

/**
 * Upserts per (purchase, session), the latest of `rows` for each: every event sets the whole mark (a purchase is
 * always the same user's, of the same product), so the last one is what applying them in turn leaves, and one
 * statement may not touch a row twice.
 */
async function upsert(tx: ModuleTx<AttendanceTables>, rows: ReturnType<typeof rowOf>[]) {
  const latest = new Map<string, ReturnType<typeof rowOf>>();
  for (const row of rows) {
    const key = `${row.purchase_id}\u0000${row.session_id}`;
    latest.delete(key); // keeps log order among the latest ones
    latest.set(key, row);
  }
  const unique = [...latest.values()];
  for (let from = 0; from < unique.length; from += ROWS_PER_UPSERT) {
    await tx.insertInto('attendance_marks').values(unique.slice(from, from + ROWS_PER_UPSERT))
      .onConflict((c) => c.columns(['purchase_id', 'session_id']).doUpdateSet((eb) => ({
        present: eb.ref('excluded.present'), minutes: eb.ref('excluded.minutes'), source: eb.ref('excluded.source'),
        marked_by: eb.ref('excluded.marked_by'), marked_at: eb.ref('excluded.marked_at'),
      }))).execute();
  }
}

/** attendance_marks from AttendanceMarked: an upsert per (purchase, session), so a replay gives the same table. */
export const attendanceProjection: Projection = {
  name: 'attendance',
  tables: ['attendance_marks'],
  async apply(anyTx, recorded: RecordedEvent) {
    if (recorded.type !== 'AttendanceMarked') return;
    await upsert(anyTx as unknown as ModuleTx<AttendanceTables>, [rowOf(recorded as unknown as AttendanceMarked)]);
  },
  /** An append's or a rebuild's batch at once: what `apply` of each in turn leaves, in a few statements. */
  async applyAll(anyTx, events: readonly RecordedEvent[]) {
    const rows = events.filter((e) => e.type === 'AttendanceMarked').map((e) => rowOf(e as unknown as AttendanceMarked));
    if (rows.length > 0) await upsert(anyTx as unknown as ModuleTx<AttendanceTables>, rows);
  },
};
