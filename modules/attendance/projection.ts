import type { ModuleTx } from '../shared/db/index.ts';
import type { Projection, RecordedEvent } from '../shared/events/index.ts';
import type { AttendanceTables } from './schema.ts';
import type { AttendanceMarked } from './session-decider.ts';

/** attendance_marks from AttendanceMarked: an upsert per (purchase, session), so a replay gives the same table. */
export const attendanceProjection: Projection = {
  name: 'attendance',
  tables: ['attendance_marks'],
  async apply(anyTx, recorded: RecordedEvent) {
    if (recorded.type !== 'AttendanceMarked') return;
    const tx = anyTx as unknown as ModuleTx<AttendanceTables>;
    const { data } = recorded as unknown as AttendanceMarked;
    const row = {
      purchase_id: data.purchaseId, session_id: data.sessionId, product_key: data.productKey, user_id: data.userId,
      present: data.present, minutes: data.minutes, source: data.source, marked_by: data.by, marked_at: data.at,
    };
    await tx.insertInto('attendance_marks').values(row)
      .onConflict((c) => c.columns(['purchase_id', 'session_id']).doUpdateSet({
        present: row.present, minutes: row.minutes, source: row.source, marked_by: row.marked_by, marked_at: row.marked_at,
      })).execute();
  },
};
