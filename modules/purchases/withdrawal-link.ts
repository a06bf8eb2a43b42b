import { signedIds } from '../shared/signing/index.ts';

/**
 * The withdrawal link of a purchase (`/odstapienie/{token}`), sent in its confirmation mail: the purchase id, signed
 * (modules/shared/signing). It works without signing in and carries no expiry of its own: whether the right is
 * still open is the withdrawal rules' answer at the time the link is used, and a second use is refused there.
 */
export function withdrawalTokens(secret: string) {
  const ids = signedIds(secret, 'purchases/withdrawal');
  return { tokenFor: ids.sign, /** The purchase id a token was made for, or null when it is not one of ours. */ purchaseOf: ids.idOf };
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
