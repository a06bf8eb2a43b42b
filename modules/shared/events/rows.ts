import type { EventMetadata, RecordedEvent } from './types.ts';
import { upcast } from './upcast.ts';

/** An `events` row as both drivers return it (int8 parsed to a number, see db/connect.ts). */
export type Row = {
  position: number; stream_id: string; stream_version: number; type: string;
  data: unknown; metadata: unknown; recorded_at: Date;
};

export const toRecorded = (r: Row): RecordedEvent => ({
  position: Number(r.position),
  streamId: r.stream_id,
  streamVersion: r.stream_version,
  type: r.type,
  data: upcast(r.type, r.data),
  metadata: (r.metadata ?? {}) as EventMetadata,
  recordedAt: r.recorded_at instanceof Date ? r.recorded_at : new Date(r.recorded_at),
});
