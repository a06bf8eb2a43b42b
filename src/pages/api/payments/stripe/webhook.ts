import { endpoint } from '../../../../server/endpoint.ts';

/**
 * Stripe's webhook. Only a payload whose signature verifies on the raw body is trusted; fulfilment is
 * idempotent per checkout session, so Stripe may deliver as often and in whatever order it likes.
 * A second payment for an owned product is refunded while handling its delivery; if Stripe refuses the
 * refund, the error answers 500 and Stripe delivers again later, which retries it.
 */
export const POST = endpoint({
  auth: 'public',
  async handle({ services, context }) {
    const { request, locals } = context;
    const log = locals.runtime.log.child({ requestId: locals.requestId });
    const outcome = await services.purchases.stripeWebhook(await request.text(), request.headers.get('stripe-signature'), {
      metadata: { actor: 'stripe', requestId: locals.requestId },
      onRefused: (reason) => log.warn({ reason }, 'stripe webhook refused'),
      onRefundError: (purchaseId, err) => log.warn({ purchaseId, err }, purchaseId ? 'duplicate payment refund still failing' : 'refund retry pass failed'),
    });
    if (outcome.kind === 'ignored') return { received: true, ignored: outcome.type };
    log.info({ session: outcome.session, result: outcome.result }, 'stripe webhook handled');
    return { received: true, result: outcome.result };
  },
});
