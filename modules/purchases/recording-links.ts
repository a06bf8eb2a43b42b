import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a recording URL works; the player asks for a fresh one when it expires. */
export const RECORDING_LINK_TTL_MS = 60 * 60_000;

const mac = (secret: string, productKey: string, userId: string, expires: number) =>
  createHmac('sha256', secret).update(`recording\n${productKey}\n${userId}\n${expires}`).digest('base64url');

/** A short-lived URL for one owner's access to one product's recording. */
export function signRecordingPath(secret: string, productKey: string, userId: string, now: Date, ttlMs = RECORDING_LINK_TTL_MS): string {
  const expires = Math.floor((now.getTime() + ttlMs) / 1000);
  const query = new URLSearchParams({ u: userId, e: String(expires), s: mac(secret, productKey, userId, expires) });
  return `/media/recordings/${encodeURIComponent(productKey)}?${query}`;
}

export type RecordingLinkCheck = { ok: true; userId: string } | { ok: false; reason: 'missing' | 'expired' | 'bad-signature' };

export function verifyRecordingLink(secret: string, productKey: string, params: URLSearchParams, now: Date): RecordingLinkCheck {
  const userId = params.get('u');
  const expires = Number(params.get('e'));
  const signature = params.get('s');
  if (!userId || !signature || !Number.isInteger(expires)) return { ok: false, reason: 'missing' };
  const expected = Buffer.from(mac(secret, productKey, userId, expires));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'bad-signature' };
  if (now.getTime() / 1000 >= expires) return { ok: false, reason: 'expired' };
  return { ok: true, userId };
}
