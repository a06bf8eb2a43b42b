/** Within this many seconds of the end, a recording starts again from the beginning: it was watched to the end. */
export const RESTART_NEAR_END_SECONDS = 30;

/** The longest recording a position may describe (a whole training day and then some), in seconds. */
export const MAX_DURATION_SECONDS = 24 * 3600;

/**
 * Where the player starts: the saved position, or the beginning when none is saved, when it lies within
 * RESTART_NEAR_END_SECONDS of the end, or when it makes no sense for this recording (past its end).
 */
export function resumeFrom(saved: { position: number; duration: number } | null, duration: number): number {
  if (!saved || !(duration > 0)) return 0;
  if (saved.position <= 0 || saved.position >= duration - RESTART_NEAR_END_SECONDS) return 0;
  return saved.position;
}

/** The share of a recording watched, 0..1, from the furthest position saved (what My Recordings shows). */
export function watchedShare(saved: { position: number; duration: number } | null): number {
  if (!saved || !(saved.duration > 0)) return 0;
  const share = saved.position / saved.duration;
  return saved.duration - saved.position <= RESTART_NEAR_END_SECONDS ? 1 : Math.min(1, Math.max(0, share));
}
