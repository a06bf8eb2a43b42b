import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Clock, IdSource } from '../shared/kernel/index.ts';
import { LRUCache } from 'lru-cache';

/**
 * Compared against when no account matches, so a missing address takes as long as a wrong password: a cost-12 hash
 * of a random string nobody kept (passwords are hashed and checked in password-pool.ts).
 */
export const DUMMY_PASSWORD_HASH = '$2b$12$INh1qBj8P2G1uaFsJUghPuoFCuppFOBHBItihCMbdgnWT3gRgDQfi';

/** A secret for an e-mailed link; only its hash is stored, so a leaked database yields no usable link. */
export const newLinkSecret = () => randomBytes(32).toString('base64url');
export const hashLinkSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/**
 * `ver`: the user's token version when signed (a password change or a log-out everywhere bumps it);
 * `sid` (the JWT's `jti`): this session's own id, so one log-out can revoke this token alone; `exp` in seconds.
 */
export type SessionClaims = { sub: string; role: 'admin' | 'user'; ver: number; sid: string; exp: number };

const SESSION_DAYS = 7;
export const SESSION_MAX_AGE_SECONDS = SESSION_DAYS * 24 * 60 * 60;

/** A session token works until (not at) SESSION_DAYS after it was signed, to the second. */
export function createSessionTokens(secret: string, clock: Clock, ids: IdSource) {
  const key = new TextEncoder().encode(secret);
  const verified = new LRUCache<string, SessionClaims>({ max: 10_000 });
  return {
    /** A new session: a fresh session id, valid for SESSION_DAYS. */
    sign(claims: Pick<SessionClaims, 'sub' | 'role' | 'ver'>) {
      const issuedAt = Math.floor(clock().getTime() / 1000);
      return new SignJWT({ role: claims.role, ver: claims.ver })
        .setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub).setJti(ids()).setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + SESSION_MAX_AGE_SECONDS).sign(key);
    },
    /** The claims of a valid, unexpired token, or null. */
    async verify(token: string): Promise<SessionClaims | null> {
      // A signature checked once stays checked (HMAC on every request was a tenth of a signed-in page's time);
      // expiry is checked against the clock each time, revocation by the caller.
      const known = verified.get(token);
      if (known) return known.exp * 1000 > clock().getTime() ? known : null;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: clock() });
        // Tokens from before session ids existed cannot be logged out one by one: they are refused (one new login).
        if (typeof payload.sub !== 'string' || typeof payload['ver'] !== 'number' || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
        const claims: SessionClaims = { sub: payload.sub, role: payload['role'] === 'admin' ? 'admin' : 'user', ver: payload['ver'], sid: payload.jti, exp: payload.exp };
        verified.set(token, claims);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
