import type { APIRoute } from 'astro';
import { json, problem } from '../server/http.ts';

/** GET /profile (Bearer or session cookie) → { id, name, email, phone, role, purchasedVideos }. */
export const GET: APIRoute = async ({ locals }) => {
  if (!locals.user) return problem(locals.t, 'error.unauthorized', 401);
  return json(await locals.runtime.services.accounts.profile(locals.user));
};
