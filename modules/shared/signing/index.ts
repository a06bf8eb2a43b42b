import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';

/**
 * Ids signed for links that work without signing in (unsubscribe, withdrawal): the id and an HMAC-SHA256 of it under
 * a key derived from the server's secret for one `purpose`, so a token made for one link is worth nothing for another.
 * Only this server can make one; it holds no personal data and no expiry (the rules behind the link decide that).
 */
export function signedIds(secret: string, purpose: string) {
  // A KeyObject made once: an HMAC keyed with a raw Buffer converts the key on every call (about ten times slower).
  const key = createSecretKey(createHmac('sha256', secret).update(purpose).digest());
  const mac = (id: string) => createHmac('sha256', key).update(id).digest('base64url');
  return {
    sign: (id: string) => `${id}.${mac(id)}`,
    /** The id a token was made for, or null when it is not one of ours (forged, altered, truncated). */
    idOf(token: string): string | null {
      const dot = token.lastIndexOf('.');
      if (dot <= 0) return null;
      const id = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1));
      const expected = Buffer.from(mac(id));
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
    },
  };
}
