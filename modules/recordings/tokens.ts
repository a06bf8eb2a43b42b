import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';

/**
 * The token every HLS request carries (`?t=`): bound to one viewer, one product's recording, one version of it and an
 * expiry no later than the end of the viewer's access, HMAC-SHA256 signed under a key derived from the server's
 * secret for this purpose alone. It is written into the playlists we serve, so the player never builds a URL itself.
 */
export type HlsGrant = { userId: string; productKey: string; version: number; expires: number };

/** How long a token works: the player asks for a fresh one (`playbackUrl`) before it runs out. */
export const HLS_TOKEN_TTL_MS = 30 * 60_000;

export function hlsTokens(secret: string) {
  const key = createSecretKey(createHmac('sha256', secret).update('hls-playback').digest());
  const mac = (g: HlsGrant) => createHmac('sha256', key).update(`${g.userId}\n${g.productKey}\n${g.version}\n${g.expires}`).digest('base64url');
  return {
    /** `expires` in whole seconds since the epoch. */
    sign: (g: HlsGrant) => `${Buffer.from(g.userId).toString('base64url')}.${g.version}.${g.expires}.${mac(g)}`,
    /** The grant a token carries for `productKey`, or null when it is not one of ours for it (forged, altered, another product's). */
    verify(token: string, productKey: string): Omit<HlsGrant, 'productKey'> | null {
      const parts = token.split('.');
      if (parts.length !== 4) return null;
      const [user, version, expires, given] = parts as [string, string, string, string];
      if (!/^\d{1,9}$/.test(version) || !/^\d{1,12}$/.test(expires)) return null;
      const grant = { userId: Buffer.from(user, 'base64url').toString('utf8'), productKey, version: Number(version), expires: Number(expires) };
      const expected = Buffer.from(mac(grant));
      const actual = Buffer.from(given);
      return expected.length === actual.length && timingSafeEqual(expected, actual) ? { userId: grant.userId, version: grant.version, expires: grant.expires } : null;
    },
  };
}
