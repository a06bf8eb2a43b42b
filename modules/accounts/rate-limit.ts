import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../shared/db/index.ts';

export type Limit = { max: number; windowSeconds: number };
/**
 * `perIp`: one client address, whatever it asks for. `perKeyAndIp`: one address (or link) from one client:
 * the tight limit on guessing. `perKey`: one address (or link) from anywhere, for limits that protect the
 * address itself (its inbox) rather than guard against guessing.
 */
export type ActionLimits = { perIp: Limit; perKeyAndIp?: Limit; perKey?: Limit };
export type RateLimitedAction = 'login' | 'register' | 'resend' | 'forgot' | 'reset';

/**
 * Generous per client address (shared addresses, offices); tight per address and client, where guessing happens.
 * Login has no limit per address alone: counted from everywhere, a stranger's wrong guesses would lock the
 * owner out. Guessing one password from many client addresses is bounded by perIp times the addresses an
 * attacker holds (IPv6 counted per /64), each guess costing a bcrypt comparison at cost 12.
 * Mail-sending actions keep a per-address limit: it caps the mail one inbox can be sent, and the
 * owner can still log in, which is what matters.
 */
export const defaultLimits: Record<RateLimitedAction, ActionLimits> = {
  login: { perIp: { max: 100, windowSeconds: 900 }, perKeyAndIp: { max: 10, windowSeconds: 900 } },
  register: { perIp: { max: 30, windowSeconds: 3600 }, perKey: { max: 5, windowSeconds: 3600 } },
  resend: { perIp: { max: 20, windowSeconds: 3600 }, perKey: { max: 3, windowSeconds: 3600 } },
  forgot: { perIp: { max: 20, windowSeconds: 3600 }, perKey: { max: 3, windowSeconds: 3600 } },
  reset: { perIp: { max: 30, windowSeconds: 3600 }, perKey: { max: 10, windowSeconds: 3600 } },
};

/** Buckets name a hash of the address, so the rate_limits table holds no personal data. */
const digest = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 22);

/**
 * The client as the limits count it: an IPv4 address (also when written IPv4-mapped), or the /64 of an IPv6
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
 * Fixed-window counters in the database, so every server instance sees the same counts.
 * Each call counts one attempt in every bucket of the action; true when any is over its limit.
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
      const client = clientKey(ip);
      const over = [await hit(`accounts:${action}:ip:${client}`, l.perIp)];
      if (l.perKeyAndIp) over.push(await hit(`accounts:${action}:key-ip:${digest(`${key}\n${client}`)}`, l.perKeyAndIp));
      if (l.perKey) over.push(await hit(`accounts:${action}:key:${digest(key)}`, l.perKey));
      return over.includes(true);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
