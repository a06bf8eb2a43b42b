import { sql } from 'kysely';
import type { Tx } from '../shared/events/index.ts';

export type Limit = { max: number; windowMs: number };

/**
 * Counts one hit in a fixed window per bucket (rate_limits table) and says whether it is allowed.
 * The upsert runs in the caller's transaction, so concurrent hits serialise on the row.
 */
export async function hit(tx: Tx, bucket: string, limit: Limit, now: Date): Promise<boolean> {
  const windowStart = new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);
  const row = await tx.insertInto('rate_limits').values({ bucket, window_start: windowStart, hits: 1 })
    .onConflict((c) => c.column('bucket').doUpdateSet({
      hits: sql`case when rate_limits.window_start = excluded.window_start then rate_limits.hits + 1 else 1 end`,
      window_start: sql`excluded.window_start`,
    }))
    .returning('hits').executeTakeFirstOrThrow();
  return row.hits <= limit.max;
}
