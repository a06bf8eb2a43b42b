import type { APIRoute } from 'astro';
import { json } from '../../../server/http.ts';

/** GET /api/articles: the public library, newest first, as `{ items }` (spec 7). */
export const GET: APIRoute = async ({ locals }) => json({ items: await locals.runtime.services.catalogue.articles() });
