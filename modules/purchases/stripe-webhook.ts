import type { EventMetadata } from '../shared/events/index.ts';
import { DomainError } from '../shared/kernel/index.ts';
import type { FulfilmentHandlers, FulfilResult } from './fulfilment.ts';
import { WebhookPayloadError, WebhookSignatureError, type StripeProvider } from './providers.ts';
import type { RefundHandlers } from './refunds.ts';
import type { SeatHandlers } from './seat-handlers.ts';

export type WebhookAnswer = { kind: 'ignored'; type: string } | { kind: 'fulfilled'; session: string; result: FulfilResult }
  | { kind: 'refunds'; paymentIntent: string; recorded: number } | { kind: 'expired'; session: string; seatsFreed: number };

type WebhookOptions = {
  metadata?: EventMetadata;
  onRefused?: (reason: string) => void;
  /** A due refund still failing (purchase id), or the retry pass itself failing (null). */
  onRefundError?: (purchaseId: string | null, error: unknown) => void;
};

/**
 * One delivery of Stripe's webhook: trusted only when its signature verifies on the raw body (else `bad-signature`;
 * `stripe-not-configured` without a Stripe key). A paid session is fulfilled (`bad-webhook-payload` when the event
 * carries none to read); a refunded charge has its refunds read from Stripe and recorded once each (refunds.ts);
 * other event types are acknowledged.
 */
export function stripeWebhook(stripe: StripeProvider | null, fulfilment: FulfilmentHandlers, refunds: Pick<RefundHandlers, 'refundsReported'>, seats: Pick<SeatHandlers, 'release'>) {
  return async (rawBody: string, signature: string | null, opts: WebhookOptions = {}): Promise<WebhookAnswer> => {
    if (!stripe) throw new DomainError('stripe-not-configured');
    let outcome;
    try {
      outcome = stripe.parseWebhook(rawBody, signature);
    } catch (error) {
      if (error instanceof WebhookPayloadError) {
        opts.onRefused?.(error.message);
        throw new DomainError('bad-webhook-payload');
      }
      if (!(error instanceof WebhookSignatureError)) throw error;
      opts.onRefused?.(error.message);
      throw new DomainError('bad-signature');
    }
    // Any genuine delivery also retries a few refunds left due by an earlier failure (Stripe stops redelivering after
    // three days). Not awaited: Stripe wants a quick answer, and the refunds' state lives in the database.
    void fulfilment.settleDueRefunds({ minAgeMs: 60_000, limit: 5, onError: opts.onRefundError })
      .catch((error: unknown) => opts.onRefundError?.(null, error));
    if (outcome.kind === 'ignore') return { kind: 'ignored', type: outcome.type };
    if (outcome.kind === 'refunded') {
      return { kind: 'refunds', paymentIntent: outcome.paymentIntentId, recorded: await refunds.refundsReported(outcome.paymentIntentId, opts.metadata) };
    }
    if (outcome.kind === 'expired') {
      // `checkout.session.expired`: the payment page can no longer be paid, so its seat is free (already so by the
      // hold's own expiry; this records it). A session not ours (no purchase in its metadata) frees nothing.
      const { purchaseId, productKey } = outcome.session;
      const freed = purchaseId && productKey ? (await seats.release(productKey, purchaseId, 'expired', opts.metadata)).events.length : 0;
      return { kind: 'expired', session: outcome.session.id, seatsFreed: freed };
    }
    return { kind: 'fulfilled', session: outcome.session.id, result: await fulfilment.fulfil(outcome.session, { metadata: opts.metadata }) };
  };
}
