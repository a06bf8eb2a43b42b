import { endpoint } from '../../../../server/endpoint.ts';

/**
 * Stripe's webhook. Only a payload whose signature verifies on the raw body is trusted; fulfilment is
 * idempotent per checkout session, so Stripe may deliver as often and in whatever order it likes.
 * A second payment for an owned product is refunded while handling its delivery; if Stripe refuses the
 * refund, the error answers 500 and Stripe delivers again later, which retries it. A payment of another sum or
 * currency than its checkout asked is answered 200 with `result: 'mismatch'` and buys nothing. `charge.refunded` records the
 * charge's refunds (those made in Stripe's dashboard, and confirms ours), each once: `{ refundsRecorded }`.
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
    if (outcome.kind === 'refunds') {
      log.info({ paymentIntent: outcome.paymentIntent, recorded: outcome.recorded }, 'stripe refunds recorded');
      return { received: true, refundsRecorded: outcome.recorded };
    }
    if (outcome.kind === 'expired') {
      log.info({ session: outcome.session, seatsFreed: outcome.seatsFreed }, 'stripe checkout expired');
      return { received: true, seatsFreed: outcome.seatsFreed };
    }
    // Money taken at another sum than the checkout asked: answered (Stripe must not retry it forever), but for a person to settle.
    if (outcome.result === 'mismatch') log.warn({ session: outcome.session }, 'stripe charged another amount than the checkout asked: recorded as a mismatch, no access given');
    else log.info({ session: outcome.session, result: outcome.result }, 'stripe webhook handled');
    return { received: true, result: outcome.result };
  },
});
