import type { APIRoute } from 'astro';
import { WebhookSignatureError } from '../../../../../modules/purchases/index.ts';
import { json, problem } from '../../../../server/http.ts';

/**
 * Stripe's webhook. Only a payload whose signature verifies on the raw body is trusted; fulfilment is
 * idempotent per checkout session, so Stripe may deliver as often and in whatever order it likes.
 * A second payment for an owned product is refunded while handling its delivery; if Stripe refuses the
 * refund, the error answers 500 and Stripe delivers again later, which retries it.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const { runtime, t } = locals;
  const purchases = runtime.services.purchases;
  const stripe = purchases.stripe;
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
  // Any genuine delivery also retries a few refunds left due by an earlier failure (Stripe stops redelivering after
  // three days). Not awaited: Stripe wants a quick answer, and the refunds' state lives in the database.
  void purchases.settleDueRefunds({
    origin: runtime.config.PUBLIC_URL, minAgeMs: 60_000, limit: 5,
    onError: (purchaseId, err) => runtime.log.warn({ purchaseId, err }, 'duplicate payment refund still failing'),
  }).catch((err: unknown) => runtime.log.error({ err }, 'refund retry pass failed'));
  if (outcome.kind === 'ignore') return json({ received: true, ignored: outcome.type });
  const result = await purchases.fulfil(outcome.session, {
    origin: runtime.config.PUBLIC_URL, metadata: { actor: 'stripe', requestId: locals.requestId },
  });
  runtime.log.info({ requestId: locals.requestId, session: outcome.session.id, result }, 'stripe webhook handled');
  return json({ received: true, result });
};
