import * as v from 'valibot';
import { endpoint } from '../../../../server/endpoint.ts';

/** The player reports the first play: from then on the 14-day right of withdrawal is gone (spec section 1). */
export const POST = endpoint({
  auth: 'user',
  params: v.object({ id: v.string() }),
  async handle({ params, user, services }) {
    return { recorded: (await services.purchases.recordPlayback(user.id, params.id)) === 'recorded' };
  },
});
