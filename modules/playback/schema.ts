import type { ColumnType } from 'kysely';

/**
 * Where a viewer stopped in a product's recording: one row per (user, product), overwritten every few seconds while
 * they watch. Not an event: a position is a viewing aid replaced many times a minute, not a fact anyone audits, and
 * writing one event per 10 seconds per viewer would fill the log with noise. Deleting the user's account deletes it
 * (erasure.ts).
 */
export interface PlaybackPositionsTable {
  user_id: string;
  product_key: string;
  /** Seconds from the start. */
  position: number;
  /** The recording's length as the player knew it when saving, in seconds (how much was watched, the resume rule). */
  duration: number;
  updated_at: ColumnType<Date, Date | string, Date | string>;
}

export interface PlaybackTables {
  playback_positions: PlaybackPositionsTable;
}
