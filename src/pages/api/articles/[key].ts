import * as v from 'valibot';
import { endpoint } from '../../../server/endpoint.ts';

/** DELETE /api/articles/{key} (admin): removes a published article; an unknown key answers 404 (article-not-found). */
export const DELETE = endpoint({
  auth: 'admin',
  params: v.object({ key: v.string() }),
  failure: 'admin.articleDeleteFailed',
  handle: async ({ params, user, services }) => {
    await services.catalogue.removeArticle(params.key, user.id);
    return { key: params.key };
  },
});
