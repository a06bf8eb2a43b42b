import { signedIds } from '../shared/signing/index.ts';

/**
 * The personal join link of a purchase (`/dolacz/{token}`): the purchase id, signed (modules/shared/signing). It is
 * the only way the meeting's URL reaches a buyer: the link itself carries no URL and no expiry, and whether it
 * leads anywhere is decided when it is clicked (the buyer's access, the session's join window).
 */
export function joinLinks(secret: string, origin: () => string) {
  const ids = signedIds(secret, 'meetings/join');
  return {
    /** The absolute join link of a purchase, for mail and for the watch page's Join button. */
    joinLink: (purchaseId: string) => new URL(`/dolacz/${encodeURIComponent(ids.sign(purchaseId))}`, origin()).href,
    /** The purchase a token names, or null when it is not one of ours. */
    purchaseOfJoinToken: (token: string) => ids.idOf(token),
  };
}
