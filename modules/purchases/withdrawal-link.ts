import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * The signed withdrawal link of a purchase (`/odstapienie/{token}`): the purchase id and an HMAC of it under a key
 * derived from JWT_SECRET, as the unsubscribe link is signed. It needs no sign-in and holds no personal data; it
 * expires with the right itself (the page refuses after the period), and a second use meets the recorded withdrawal.
 */
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, key = createSecretKey(createHmac('sha256', secret).update('purchases/withdrawal').digest()));
  return key;
}
const mac = (secret: string, purchaseId: string) => createHmac('sha256', keyOf(secret)).update(purchaseId).digest('base64url');

export const withdrawalToken = (secret: string, purchaseId: string): string => `${purchaseId}.${mac(secret, purchaseId)}`;

/** The purchase a token was made for, or null when this server did not make it. */
export function verifyWithdrawalToken(secret: string, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const purchaseId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(secret, purchaseId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? purchaseId : null;
}

/** The absolute link for mail (the confirmation) and for My Recordings. */
export const withdrawalLink = (secret: string, origin: string, purchaseId: string): string =>
  new URL(`/odstapienie/${withdrawalToken(secret, purchaseId)}`, origin).href;
