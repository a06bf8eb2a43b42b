import type { EventMetadata } from '../shared/events/index.ts';
import { DomainError } from '../shared/kernel/index.ts';
import type { FulfilmentHandlers, FulfilResult } from './fulfilment.ts';
import { WebhookPayloadError, WebhookSignatureError, type StripeProvider } from './providers.ts';

export type WebhookAnswer = { kind: 'ignored'; type: string } | { kind: 'fulfilled'; session: string; result: FulfilResult };

type WebhookOptions = {
  metadata?: EventMetadata;
  onRefused?: (reason: string) => void;
  /** A due refund still failing (purchase id), or the retry pass itself failing (null). */
  onRefundError?: (purchaseId: string | null, error: unknown) => void;
};

/**
 * One delivery of Stripe's webhook: trusted only when its signature verifies on the raw body (else `bad-signature`;
 * `stripe-not-configured` without a Stripe key). A paid session is fulfilled (`bad-webhook-payload` when the event
 * carries none to read); other event types are acknowledged.
 */
export function stripeWebhook(stripe: StripeProvider | null, fulfilment: FulfilmentHandlers) {
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
    return { kind: 'fulfilled', session: outcome.session.id, result: await fulfilment.fulfil(outcome.session, { metadata: opts.metadata }) };
  };
}
