import * as v from 'valibot';
import { isDomainError } from '../../modules/shared/kernel/index.ts';
import { endpoint } from '../server/endpoint.ts';
import { buyerParty, InvoiceBuyerBody } from '../server/invoicing-input.ts';

const Key = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
// The spec's payload carries the whole product; only its key and the price id are used, both looked up in the catalogue.
const CheckoutBody = v.object({
  priceId: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
  video: v.union([Key, v.looseObject({ key: Key })]),
  locale: v.optional(v.string()),
  // Beside the spec's fields: the consents the buyer ticked, by kind ('earlyStart', 'recordingEarly').
  consents: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(50))), v.maxLength(10))),
  // "Chcę fakturę": the buyer on the invoice, issued once the payment is recorded.
  invoice: v.optional(v.nullable(InvoiceBuyerBody)),
});

/**
 * POST /create-checkout-session → `{ url }` of the provider's checkout page. 400 without the consents the product
 * needs, or with one it does not (the answer's `consents` names those needed). Limited per user and per client (429);
 * 503 when the provider cannot be reached, with nothing recorded.
 */
export const POST = endpoint({
  auth: 'user',
  body: CheckoutBody,
  fieldIssues: true,
  async handle({ body, user, lang, context }) {
    const { locals } = context;
    try {
      const { url } = await locals.runtime.services.purchases.startCheckout({
        userId: user.id, email: user.email, productKey: typeof body.video === 'string' ? body.video : body.video.key, priceId: body.priceId,
        locale: body.locale === 'en' || body.locale === 'pl' ? body.locale : lang,
        ip: locals.client.ip, consents: body.consents, ...(body.invoice ? { invoice: { buyer: buyerParty(body.invoice) } } : {}),
        metadata: { actor: user.id, requestId: locals.requestId },
      });
      return { url };
    } catch (error) {
      // The buyer reads that payments are unavailable; whoever runs the site needs the provider's own reason.
      if (isDomainError(error, 'payment-unavailable')) locals.runtime.log.warn({ requestId: locals.requestId, reason: error.data.reason }, 'payment provider unavailable');
      throw error;
    }
  },
});
