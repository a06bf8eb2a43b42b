import type { APIRoute } from 'astro';
import { json, problem } from '../../../../server/http.ts';

/** The player reports the first play: from then on the 14-day right of withdrawal is gone (spec section 1). */
export const POST: APIRoute = async ({ params, locals }) => {
  const { t, user, runtime } = locals;
  if (!user) return problem(t, 'error.unauthorized', 401);
  const result = await runtime.services.purchases.recordPlayback(user.id, params.id ?? '');
  if (result === 'no-access') return problem(t, 'error.forbidden', 403);
  return json({ recorded: result === 'recorded' });
};
