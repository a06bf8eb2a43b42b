import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../shared/db/index.ts';

export type Limit = { max: number; windowSeconds: number };
export type ActionLimits = { perIp: Limit; perKey: Limit };
export type RateLimitedAction = 'login' | 'register' | 'resend' | 'forgot' | 'reset';

/** Generous per IP (shared addresses, offices), tight per address or link, where guessing happens. */
export const defaultLimits: Record<RateLimitedAction, ActionLimits> = {
  login: { perIp: { max: 100, windowSeconds: 900 }, perKey: { max: 10, windowSeconds: 900 } },
  register: { perIp: { max: 30, windowSeconds: 3600 }, perKey: { max: 5, windowSeconds: 3600 } },
  resend: { perIp: { max: 20, windowSeconds: 3600 }, perKey: { max: 3, windowSeconds: 3600 } },
  forgot: { perIp: { max: 20, windowSeconds: 3600 }, perKey: { max: 3, windowSeconds: 3600 } },
  reset: { perIp: { max: 30, windowSeconds: 3600 }, perKey: { max: 10, windowSeconds: 3600 } },
};

/** Buckets name a hash of the address, so the rate_limits table holds no personal data. */
const digest = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 22);

/**
 * Fixed-window counters in the database, so every server instance sees the same counts.
 * Each call counts one attempt in both buckets; true when either is over its limit.
 */
export function createRateLimiter(db: Kysely<Database>, limits: Record<RateLimitedAction, ActionLimits>) {
  async function hit(bucket: string, limit: Limit): Promise<boolean> {
    const window = sql`now() - make_interval(secs => ${limit.windowSeconds})`;
    const row = await db.insertInto('rate_limits')
      .values({ bucket, window_start: sql<Date>`now()`, hits: 1 })
      .onConflict((c) => c.column('bucket').doUpdateSet({
        hits: sql<number>`case when rate_limits.window_start <= ${window} then 1 else rate_limits.hits + 1 end`,
        window_start: sql<Date>`case when rate_limits.window_start <= ${window} then now() else rate_limits.window_start end`,
      }))
      .returning('hits').executeTakeFirstOrThrow();
    return row.hits > limit.max;
  }

  return {
    async exceeded(action: RateLimitedAction, ip: string, key: string): Promise<boolean> {
      const l = limits[action];
      const [byIp, byKey] = [await hit(`accounts:${action}:ip:${ip}`, l.perIp), await hit(`accounts:${action}:key:${digest(key)}`, l.perKey)];
      return byIp || byKey;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
