import * as v from 'valibot';
import { endpoint } from '../../../server/endpoint.ts';

/**
 * DELETE /api/users/{id} (admin): deletes a user and erases their personal data; their purchases stay. An admin's
 * account answers 403, an unknown id 404; any other failure 500 "Błąd podczas usuwania." (spec 8).
 */
export const DELETE = endpoint({
  auth: 'admin',
  params: v.object({ id: v.string() }),
  failure: 'admin.deleteFailed',
  handle: async ({ params, user, services }) => {
    await services.accounts.deleteUser(params.id, user.id);
    return { id: params.id };
  },
});
