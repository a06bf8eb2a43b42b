import type { APIRoute } from 'astro';
import * as v from 'valibot';
import type { CheckoutError } from '../../modules/purchases/index.ts';
import type { MessageKey } from '../i18n/index.ts';
import { json, problem, readJson } from '../server/http.ts';

// The spec's payload carries the whole product; only its key and the price id are used, both looked up in the catalogue.
const CheckoutBody = v.object({
  priceId: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
  video: v.union([v.pipe(v.string(), v.minLength(1), v.maxLength(200)), v.looseObject({ key: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) })]),
  locale: v.optional(v.string()),
});

const failures: Record<CheckoutError, [MessageKey, number]> = {
  'unknown-product': ['payment.unknownProduct', 404],
  'unknown-price': ['payment.unknownPrice', 400],
  'already-owned': ['payment.alreadyOwned', 409],
  'not-on-sale': ['payment.notOnSale', 409],
  'unknown-buyer': ['error.unauthorized', 401],
};

export const POST: APIRoute = async ({ request, locals }) => {
  const { t, user, runtime } = locals;
  if (!user) return problem(t, 'error.unauthorized', 401);
  const body = v.safeParse(CheckoutBody, await readJson(request));
  if (!body.success) return problem(t, 'error.invalidBody', 400);
  const productKey = typeof body.output.video === 'string' ? body.output.video : body.output.video.key;
  const result = await runtime.services.purchases.startCheckout({
    userId: user.id, email: user.email, productKey, priceId: body.output.priceId,
    locale: body.output.locale === 'en' ? 'en' : body.output.locale === 'pl' ? 'pl' : locals.lang,
    origin: runtime.config.PUBLIC_URL, metadata: { actor: user.id, requestId: locals.requestId },
  });
  if (!result.ok) {
    const [key, status] = failures[result.error];
    return problem(t, key, status);
  }
  return json({ url: result.url });
};
