import * as v from 'valibot';
import { endpoint } from '../server/endpoint.ts';

const Key = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
// The spec's payload carries the whole product; only its key and the price id are used, both looked up in the catalogue.
const CheckoutBody = v.object({
  priceId: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
  video: v.union([Key, v.looseObject({ key: Key })]),
  locale: v.optional(v.string()),
});

/** POST /create-checkout-session → `{ url }` of the provider's checkout page. */
export const POST = endpoint({
  auth: 'user',
  body: CheckoutBody,
  async handle({ body, user, lang, context }) {
    const { url } = await context.locals.runtime.services.purchases.startCheckout({
      userId: user.id, email: user.email, productKey: typeof body.video === 'string' ? body.video : body.video.key, priceId: body.priceId,
      locale: body.locale === 'en' || body.locale === 'pl' ? body.locale : lang,
      metadata: { actor: user.id, requestId: context.locals.requestId },
    });
    return { url };
  },
});
