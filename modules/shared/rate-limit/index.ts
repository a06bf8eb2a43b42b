import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { sql, type Kysely } from 'kysely';
import type { SharedTables } from '../db/schema.ts';
import { systemClock, type Clock } from '../kernel/index.ts';

/** At most `max` hits per `windowSeconds`. */
export type Limit = { max: number; windowSeconds: number };

/** One counter to bump: `bucket` names what is counted (`['accounts:login:ip', client]`), `limit` how much is allowed. */
export type Count = { bucket: readonly string[]; limit: Limit };

/**
 * The client as limits count it: an IPv4 address (also when written IPv4-mapped), or the /64 of an IPv6
 * address, since one subscriber usually holds a whole /64 and could otherwise change address per attempt.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * Fixed-window counters in the rate_limits table, so every server instance sees the same counts. A bucket's
 * window opens at its first hit and lasts `windowSeconds`; the first hit at or after its end opens the next one.
 * Buckets are stored as a hash, so the table holds no address, e-mail or link; the hash is unkeyed so that every
 * instance names a bucket alike, whatever secret it was configured with.
 */
export function createRateLimiter(db: Kysely<SharedTables>, opts: { clock?: Clock } = {}) {
  const clock = opts.clock ?? systemClock;
  const name = (bucket: readonly string[]) => createHash('sha256').update(bucket.join('\n')).digest('base64url').slice(0, 32);

  /** Counts one hit; true when the bucket is over its limit in the current window. */
  async function hit({ bucket, limit }: Count): Promise<boolean> {
    const now = clock();
    const expired = sql<boolean>`rate_limits.window_start <= ${new Date(now.getTime() - limit.windowSeconds * 1000)}`;
    const row = await db.insertInto('rate_limits')
      .values({ bucket: name(bucket), window_start: now, hits: 1 })
      .onConflict((c) => c.column('bucket').doUpdateSet({
        hits: sql<number>`case when ${expired} then 1 else rate_limits.hits + 1 end`,
        window_start: sql<Date>`case when ${expired} then excluded.window_start else rate_limits.window_start end`,
      }))
      .returning('hits').executeTakeFirstOrThrow();
    return row.hits > limit.max;
  }

  return {
    /** Drops the counters of the given buckets (an erased account's address): a later hit starts from zero. */
    async forget(...buckets: (readonly string[])[]): Promise<void> {
      if (buckets.length > 0) await db.deleteFrom('rate_limits').where('bucket', 'in', buckets.map(name)).execute();
    },
    /** Counts one hit in every bucket given (all of them, so a refused attempt still counts); true when any is over. */
    async exceeded(...counts: Count[]): Promise<boolean> {
      let over = false;
      for (const count of counts) over = (await hit(count)) || over;
      return over;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
