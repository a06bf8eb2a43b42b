import type { APIRoute } from 'astro';
import { json, problem } from '../../../server/http.ts';

/** A buyer back from the provider before its webhook: reconcile their open checkouts, then answer the updated user. */
export const POST: APIRoute = async ({ locals }) => {
  const { t, user, runtime } = locals;
  if (!user) return problem(t, 'error.unauthorized', 401);
  try {
    await runtime.services.purchases.reconcile(user.id, runtime.config.PUBLIC_URL);
  } catch (error) {
    // The provider being unreachable must not hide what the user already owns.
    runtime.log.warn({ err: error, requestId: locals.requestId }, 'purchase reconciliation failed');
  }
  return json(await runtime.services.accounts.profile(user));
};
