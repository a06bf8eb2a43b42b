import type { ModuleDb } from '../shared/db/index.ts';
import { DomainError, systemClock, type ModuleContext } from '../shared/kernel/index.ts';
import { positionsErasure } from './erasure.ts';
import { MAX_DURATION_SECONDS, resumeFrom, watchedShare } from './resume.ts';
import type { PlaybackTables } from './schema.ts';

export { MAX_DURATION_SECONDS, RESTART_NEAR_END_SECONDS, resumeFrom, watchedShare } from './resume.ts';
export type { PlaybackTables } from './schema.ts';

export type SavedPosition = { position: number; duration: number; updatedAt: Date };

/**
 * Playback (issue 26): where each viewer stopped in each recording, so the player starts there on any device, and
 * how much of each recording they have watched. Who may save or read a position (the owner, inside the access window)
 * is the caller's to check. Refusals: `position-invalid`. Deleting an account deletes its positions (`projections`).
 */
export function createPlayback(ctx: Pick<ModuleContext, 'db' | 'clock'>) {
  const db = ctx.db as unknown as ModuleDb<PlaybackTables>;
  const clock = ctx.clock ?? systemClock;
  return {
    /** Registered with the event store: UserDeleted deletes the user's positions with the deletion. */
    projections: [positionsErasure],

    /** Keeps the newest position of `userId` in `productKey`'s recording; a position past the end counts as the end. */
    async save(userId: string, productKey: string, input: { position: number; duration: number }): Promise<void> {
      const { position, duration } = input;
      if (!Number.isFinite(position) || !Number.isFinite(duration) || position < 0 || duration <= 0 || duration > MAX_DURATION_SECONDS) {
        throw new DomainError('position-invalid');
      }
      const row = { user_id: userId, product_key: productKey, position: Math.min(position, duration), duration, updated_at: clock() };
      await db.insertInto('playback_positions').values(row)
        .onConflict((c) => c.columns(['user_id', 'product_key']).doUpdateSet({ position: row.position, duration: row.duration, updated_at: row.updated_at }))
        .execute();
    },

    /** The saved position and, for a recording of `duration` seconds, where the player should start. */
    async positionOf(userId: string, productKey: string, duration?: number): Promise<{ saved: SavedPosition | null; startAt: number }> {
      const row = await db.selectFrom('playback_positions').select(['position', 'duration', 'updated_at'])
        .where('user_id', '=', userId).where('product_key', '=', productKey).executeTakeFirst();
      const saved = row ? { position: Number(row.position), duration: Number(row.duration), updatedAt: new Date(row.updated_at) } : null;
      return { saved, startAt: resumeFrom(saved, duration ?? saved?.duration ?? 0) };
    },

    /** How much of each recording `userId` has watched (0..1), by product key; unwatched ones are absent. */
    async watched(userId: string): Promise<Map<string, number>> {
      const rows = await db.selectFrom('playback_positions').select(['product_key', 'position', 'duration']).where('user_id', '=', userId).execute();
      return new Map(rows.map((r) => [r.product_key, watchedShare({ position: Number(r.position), duration: Number(r.duration) })]));
    },
  };
}

export type Playback = ReturnType<typeof createPlayback>;
