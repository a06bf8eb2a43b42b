import * as v from 'valibot';
import { endpoint } from '../../../../server/endpoint.ts';
import { json } from '../../../../server/http.ts';

/**
 * GET /api/recordings/{productKey}/playback (signed in): the master playlist's URL with a fresh token for an owner inside
 * the access window, and when that token runs out (`expiresAt`, never after the end of access), so the player can ask
 * again before then. 403 for anyone else; 404 while the product has no recording ready is not told apart from that.
 */
export const GET = endpoint({
  auth: 'user',
  params: v.object({ productKey: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,120}$/)) }),
  async handle({ params, services, user, t }) {
    const playback = await services.recordings.playback(user.id, params.productKey);
    if (!playback) return json({ message: t('error.forbidden') }, 403);
    return json({ url: playback.url, expiresAt: playback.expiresAt.toISOString() });
  },
});
