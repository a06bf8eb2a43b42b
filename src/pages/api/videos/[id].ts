import * as v from 'valibot';
import { endpoint } from '../../../server/endpoint.ts';
import { json } from '../../../server/http.ts';
import { keepNot } from '../../../server/page-cache/index.ts';

/**
 * GET /api/videos/{id}: the product in the API shape of spec 3. `watchURL` (a short-lived signed link
 * for a recording we serve) and `meetLink` are added only for a caller who owns it inside the access window.
 * An unknown key answers 404 "Video not found" (product-not-found).
 */
export const GET = endpoint({
  auth: 'public',
  params: v.object({ id: v.string() }),
  handle: async ({ params, user, services, context }) => {
    const video = await services.catalogue.apiVideo(params.id, user?.id ?? null);
    // Links are signed for minutes and end with the access window: an answer carrying them is never kept.
    if ('watchURL' in video || 'meetLink' in video) keepNot(context);
    return json(video, 200, { vary: 'Authorization, Cookie' });
  },
});
