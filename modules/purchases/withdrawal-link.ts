import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';

/**
 * The withdrawal link of a purchase (`/odstapienie/{token}`), sent in its confirmation mail: the purchase id and an
 * HMAC-SHA256 of it under a key derived from JWT_SECRET (as the unsubscribe links are). It works without signing in
 * and holds no personal data; only this server can make one. It carries no expiry of its own: whether the right
 * is still open is the withdrawal rules' answer at the time the link is used, and a second use is refused there.
 */
export function withdrawalTokens(secret: string) {
  const key = createSecretKey(createHmac('sha256', secret).update('purchases/withdrawal').digest());
  const mac = (purchaseId: string) => createHmac('sha256', key).update(purchaseId).digest('base64url');
  return {
    tokenFor: (purchaseId: string) => `${purchaseId}.${mac(purchaseId)}`,
    /** The purchase id a token was made for, or null when it is not one of ours (forged, altered, truncated). */
    purchaseOf(token: string): string | null {
      const dot = token.lastIndexOf('.');
      if (dot <= 0) return null;
      const purchaseId = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1));
      const expected = Buffer.from(mac(purchaseId));
      return given.length === expected.length && timingSafeEqual(given, expected) ? purchaseId : null;
    },
  };
}

/** The path of a purchase's withdrawal page. */
const withdrawalPath = (token: string) => `/odstapienie/${encodeURIComponent(token)}`;

/** The door's pair: the absolute withdrawal link of a purchase, and the purchase a token names (null when forged). */
export function withdrawalLinks(secret: string, origin: () => string) {
  const tokens = withdrawalTokens(secret);
  return {
    withdrawalLink: (purchaseId: string) => new URL(withdrawalPath(tokens.tokenFor(purchaseId)), origin()).href,
    verifyWithdrawalToken: (token: string) => tokens.purchaseOf(token),
  };
}
