import * as v from 'valibot';
import { endpoint } from '../../../server/endpoint.ts';
import { json } from '../../../server/http.ts';

/** GET /api/articles: the public library, newest first, as `{ items }` (spec 7). */
export const GET = endpoint({
  auth: 'public',
  handle: async ({ services }) => ({ items: await services.catalogue.articles() }),
});

/** Spec 5: title, description and link all required ("Wszystkie pola są wymagane."); the catalogue trims and checks them. */
const field = v.string('catalogue.articleInvalid');

/**
 * POST /api/articles (admin): publishes an article, answered with 201 and the article as stored (spec 7). A `key`
 * in the body is accepted and ignored: the key is the title's slug plus a fresh suffix (spec 3), made by the catalogue.
 */
export const POST = endpoint({
  auth: 'admin',
  body: v.object({ title: field, description: field, link: field, key: v.optional(v.unknown()) }, 'catalogue.articleInvalid'),
  failure: 'admin.articleAddFailed',
  handle: async ({ body, user, services }) => json(await services.catalogue.publishArticle(body, user.id), 201),
});
