import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';

/**
 * The unsubscribe link's token: the user id and an HMAC of it under a key derived from JWT_SECRET. It never
 * expires (a footer link in an old mail must keep working) and holds no personal data; only this server can make one.
 */
export function unsubscribeTokens(secret: string) {
  // A KeyObject made once: an HMAC keyed with a raw Buffer converts the key on every call (about ten times slower).
  const key = createSecretKey(createHmac('sha256', secret).update('campaigns/unsubscribe').digest());
  const mac = (userId: string) => createHmac('sha256', key).update(userId).digest('base64url');
  return {
    tokenFor: (userId: string) => `${userId}.${mac(userId)}`,
    /** The user id a token was made for, or null when it is not one of ours. */
    userOf(token: string): string | null {
      const dot = token.lastIndexOf('.');
      if (dot <= 0) return null;
      const userId = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1));
      const expected = Buffer.from(mac(userId));
      return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
    },
  };
}
