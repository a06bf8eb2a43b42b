import { clientKey, type Count, type Limit } from '../shared/rate-limit/index.ts';

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

/**
 * The counters about `key` alone (an address), for every action: what erasing an account can find of it. The
 * counters per key and client cannot be named without the client's address; they hold a hash and run out with their window.
 */
export const keyBuckets = (key: string): string[][] =>
  (Object.keys(defaultLimits) as RateLimitedAction[]).map((action) => [`accounts:${action}:key`, key]);

/** The counters one attempt at `action` bumps: from client `ip`, about `key` (an address or a link's hash). */
export function countsFor(limits: ActionLimits, action: RateLimitedAction, ip: string, key: string): Count[] {
  const client = clientKey(ip);
  return [
    { bucket: [`accounts:${action}:ip`, client], limit: limits.perIp },
    ...(limits.perKeyAndIp ? [{ bucket: [`accounts:${action}:key-ip`, key, client], limit: limits.perKeyAndIp }] : []),
    ...(limits.perKey ? [{ bucket: [`accounts:${action}:key`, key], limit: limits.perKey }] : []),
  ];
}
