import type { APIRoute } from 'astro';
import { toApiVideo } from '../../../../modules/catalogue/index.ts';
import { json, problem } from '../../../server/http.ts';

/** GET /api/videos/{id}: the product in the API shape of spec 3 (never a live or recording link). */
export const GET: APIRoute = async ({ params, locals }) => {
  const product = await locals.runtime.services.catalogue.product(params.id ?? '');
  return product ? json(toApiVideo(product)) : problem(locals.t, 'api.videoNotFound', 404);
};
