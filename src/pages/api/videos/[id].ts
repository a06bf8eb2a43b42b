import type { APIRoute } from 'astro';
import { toApiVideo } from '../../../../modules/catalogue/index.ts';
import { json, problem } from '../../../server/http.ts';

/**
 * GET /api/videos/{id}: the product in the API shape of spec 3. `watchURL` (a short-lived signed link
 * for a recording we serve) and `meetLink` are added only for a caller who owns it inside the access window.
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const { runtime, user, t } = locals;
  const product = await runtime.services.catalogue.product(params.id ?? '');
  if (!product) return problem(t, 'api.videoNotFound', 404);
  const links = await runtime.services.purchases.linksFor(user?.id ?? null, product.key);
  return json({ ...toApiVideo(product), ...links }, 200, { vary: 'Authorization, Cookie' });
};
