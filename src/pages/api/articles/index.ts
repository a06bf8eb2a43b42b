import { endpoint } from '../../../server/endpoint.ts';

/** GET /api/articles: the public library, newest first, as `{ items }` (spec 7). */
export const GET = endpoint({ auth: 'public', handle: async ({ services }) => ({ items: await services.catalogue.articles() }) });
