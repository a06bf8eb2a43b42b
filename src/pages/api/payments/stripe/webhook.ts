import type { APIRoute } from 'astro';
import { WebhookSignatureError } from '../../../../../modules/purchases/index.ts';
import { json, problem } from '../../../../server/http.ts';

/**
 * Stripe's webhook. Only a payload whose signature verifies on the raw body is trusted; fulfilment is
 * idempotent per checkout session, so Stripe may deliver as often and in whatever order it likes.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const { runtime, t } = locals;
  const stripe = runtime.services.purchases.stripe;
  if (!stripe) return problem(t, 'notFound.text', 404);
  const raw = await request.text();
  let outcome;
  try {
    outcome = stripe.parseWebhook(raw, request.headers.get('stripe-signature'));
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      runtime.log.warn({ requestId: locals.requestId, reason: error.message }, 'stripe webhook refused');
      return problem(t, 'payment.badSignature', 400);
    }
    throw error;
  }
  if (outcome.kind === 'ignore') return json({ received: true, ignored: outcome.type });
  const result = await runtime.services.purchases.fulfil(outcome.session, {
    origin: runtime.config.PUBLIC_URL, metadata: { actor: 'stripe', requestId: locals.requestId },
  });
  runtime.log.info({ requestId: locals.requestId, session: outcome.session.id, result }, 'stripe webhook handled');
  return json({ received: true, result });
};
