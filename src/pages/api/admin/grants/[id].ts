import * as v from 'valibot';
import { endpoint } from '../../../../server/endpoint.ts';

/**
 * DELETE /api/admin/grants/{id} (admin): takes a grant by hand back; the user loses access at once. Answers
 * `{ result: 'revoked' | 'already-revoked' }`; 404 for anything that is not a grant (a card payment is never revoked here).
 */
export const DELETE = endpoint({
  auth: 'admin',
  params: v.object({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) }),
  handle: async ({ params, user, services, context }) => ({
    result: await services.purchases.revokeAccess(params.id, user.id, { requestId: context.locals.requestId }),
  }),
});
