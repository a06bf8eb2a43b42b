import * as v from 'valibot';
import { endpoint } from '../../../../server/endpoint.ts';
import { json } from '../../../../server/http.ts';

const params = v.object({ key: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) });

/**
 * The caller's place on a product's waiting list (issue 24): GET `{ open, position, offer }` (position null: not on
 * it; offer: the seat held for them and until when). 404 for an unknown product.
 */
export const GET = endpoint({
  auth: 'user', params,
  handle: async ({ params: { key }, user, services }) => services.purchases.waitlist.status(key, user.id),
});

/**
 * POST joins the list: 201 with the caller's place. 409 when the product has no seat limit, a seat can be bought now,
 * the caller owns it or is on the list already, or the first session began.
 */
export const POST = endpoint({
  auth: 'user', params,
  async handle({ params: { key }, user, services, context }) {
    return json(await services.purchases.waitlist.join(key, user.id, { actor: user.id, requestId: context.locals.requestId }), 201);
  },
});

/** DELETE leaves the list (an open offer is declined, and goes to the next person): 204. 404 when not on it. */
export const DELETE = endpoint({
  auth: 'user', params,
  async handle({ params: { key }, user, services, context }) {
    await services.purchases.waitlist.leave(key, user.id, { actor: user.id, requestId: context.locals.requestId });
    return new Response(null, { status: 204 });
  },
});
