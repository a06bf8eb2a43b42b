import Stripe from 'stripe';
import type { OutsideCalls } from '../shared/outside/index.ts';
import type { Currency, PriceForSale, ProductForSale } from './ports.ts';
import type { Provider } from './purchase.ts';
import { stripeRefunds, type PartialRefundRequest, type ProviderRefundReport } from './stripe-refunds.ts';

export type CheckoutRequest = {
  purchaseId: string;
  userId: string;
  product: ProductForSale;
  price: PriceForSale;
  email: string;
  locale: 'pl' | 'en';
  successUrl: string;
  cancelUrl: string;
  /** When the payment page stops taking payments: the end of the seat held for it (seat-handlers.ts); absent: the provider's default. */
  expiresAt?: Date;
};

/** A provider's checkout session, reduced to what fulfilment needs. */
export type ProviderSession = {
  id: string;
  paid: boolean;
  /** Exactly what the provider took, in the smallest unit of `currency` (grosze, cents). */
  amountMinor: number;
  currency: Currency;
  paymentIntentId: string | null;
  purchaseId: string | null;
  userId: string | null;
  productKey: string | null;
};

/** `refunded`: a charge was refunded (by us or in the provider's dashboard); its refunds are read from the provider. */
export type WebhookOutcome = { kind: 'fulfil'; session: ProviderSession } | { kind: 'refunded'; paymentIntentId: string }
  | { kind: 'expired'; session: ProviderSession } | { kind: 'ignore'; type: string };

/** Closing a checkout: either it can no longer be paid, or it was paid before we could close it. */
export type ExpireOutcome = { outcome: 'expired' } | { outcome: 'paid'; session: ProviderSession };

export type RefundRequest = { purchaseId: string; paymentIntentId: string | null; amountMinor: number; currency: Currency };
export type ProviderRefund = { providerRefundId: string; amountMinor: number; currency: Currency };

export interface PaymentProvider {
  readonly name: Provider;
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  retrieve(sessionId: string): Promise<ProviderSession>;
  expire(sessionId: string): Promise<ExpireOutcome>;
  /** Gives a whole payment back. Idempotent per purchase: asking twice refunds once. */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** Gives part or all of a payment back, once per `refundId` however often asked (refund.ts). */
  refundPart(request: PartialRefundRequest): Promise<ProviderRefundReport>;
  /** The refunds the provider holds for a payment (ours and those made in its dashboard). */
  refundsOf(paymentIntentId: string): Promise<ProviderRefundReport[]>;
}

export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

/** A signed delivery whose event carries no checkout session to read (`data` or `data.object` missing or not an object). */
export class WebhookPayloadError extends Error {
  override readonly name = 'WebhookPayloadError';
}

/**
 * The provider could not be asked (unreachable, timed out, failing on its side, refusing our key or our rate):
 * nothing was decided there that we must record, and the buyer may try again later.
 */
export class ProviderUnavailableError extends Error {
  override readonly name = 'ProviderUnavailableError';
}

/** Stripe's answer to a request it understood and refused (a card declined, a bad parameter) is not an outage; anything else from it is. */
function unavailable(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError) return error;
  return new ProviderUnavailableError(error.message, { cause: error });
}

const toCurrency = (c: unknown): Currency => (typeof c === 'string' ? c.toUpperCase() : '') as Currency;

function fromStripe(session: Stripe.Checkout.Session): ProviderSession {
  const pi = session.payment_intent;
  return {
    id: session.id,
    paid: session.payment_status === 'paid',
    amountMinor: typeof session.amount_total === 'number' ? session.amount_total : 0,
    currency: toCurrency(session.currency),
    paymentIntentId: typeof pi === 'string' ? pi : pi?.id ?? null,
    purchaseId: session.metadata?.purchaseId ?? null,
    userId: session.metadata?.userId ?? null,
    productKey: session.metadata?.productKey ?? null,
  };
}

const toRefund = (refund: Stripe.Refund): ProviderRefund => ({
  providerRefundId: refund.id, amountMinor: refund.amount, currency: toCurrency(refund.currency),
});

/**
 * The one line of a Stripe Checkout: always the catalogue's amount in minor units, as it is, built here (a Stripe
 * Price id would charge whatever that Price says, not what the panel says).
 */
export const stripeLineItem = (r: Pick<CheckoutRequest, 'price' | 'product' | 'locale'>): Stripe.Checkout.SessionCreateParams.LineItem => ({
  quantity: 1, price_data: { currency: r.price.currency.toLowerCase(), unit_amount: r.price.amountMinor, product_data: { name: r.product.title[r.locale] } },
});

/** Stripe Checkout through the official SDK. `apiUrl` points it at another base URL (tests' stand-in). */
export function stripeProvider(secretKey: string, webhookSecret: string | undefined, apiUrl?: string) {
  const base = apiUrl ? new URL(apiUrl) : null;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    telemetry: false,
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
  const provider: PaymentProvider & { parseWebhook(rawBody: string, signature: string | null): WebhookOutcome } = {
    name: 'stripe',
    ...stripeRefunds(stripe),
    async createCheckout(r) {
      const lineItem = stripeLineItem(r);
      const metadata = { purchaseId: r.purchaseId, userId: r.userId, productKey: r.product.key };
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: [lineItem],
          customer_email: r.email,
          locale: r.locale,
          success_url: r.successUrl,
          cancel_url: r.cancelUrl,
          client_reference_id: r.purchaseId,
          metadata,
          payment_intent_data: { metadata },
          ...(r.expiresAt ? { expires_at: Math.floor(r.expiresAt.getTime() / 1000) } : {}),
        }, { idempotencyKey: `checkout-${r.purchaseId}` });
      } catch (error) {
        throw unavailable(error);
      }
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },
    async retrieve(sessionId) {
      return fromStripe(await stripe.checkout.sessions.retrieve(sessionId));
    },
    async expire(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return { outcome: 'expired' };
      } catch (error) {
        // Stripe expires only open sessions: one that expired on its own is as good as closed; one already paid must be fulfilled.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw unavailable(error);
        const session = await stripe.checkout.sessions.retrieve(sessionId).catch((failure: unknown) => { throw unavailable(failure); });
        if (session.status === 'expired') return { outcome: 'expired' };
        if (session.payment_status === 'paid') return { outcome: 'paid', session: fromStripe(session) };
        throw error;
      }
    },
    async refund(r) {
      if (!r.paymentIntentId) throw new Error(`purchase ${r.purchaseId}: a Stripe payment without a payment intent cannot be refunded automatically`);
      try {
        return toRefund(await stripe.refunds.create(
          { payment_intent: r.paymentIntentId, reason: 'duplicate', metadata: { purchaseId: r.purchaseId } },
          { idempotencyKey: `refund-${r.purchaseId}` },
        ));
      } catch (error) {
        // Stripe keeps idempotency keys for a day: a retry after that finds the payment refunded already, and that refund is ours.
        if ((error as { code?: string }).code !== 'charge_already_refunded') throw error;
        const [existing] = (await stripe.refunds.list({ payment_intent: r.paymentIntentId, limit: 1 })).data;
        if (!existing) throw error;
        return toRefund(existing);
      }
    },
    /** Verifies the signature on the raw body; only then is the payload trusted. */
    parseWebhook(rawBody, signature) {
      if (!webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
      if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      // An expired session frees the seat its checkout held (seats.ts).
      if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded' || event.type === 'checkout.session.expired') {
        // Signed by Stripe, yet shaped by whoever holds the secret (or a test tool): read only a session that is there.
        const session: unknown = (event as { data?: { object?: unknown } | null }).data?.object;
        if (session === null || typeof session !== 'object' || typeof (session as { id?: unknown }).id !== 'string') {
          throw new WebhookPayloadError(`${event.type} without a checkout session in data.object`);
        }
        return { kind: event.type === 'checkout.session.expired' ? 'expired' : 'fulfil', session: fromStripe(session as Stripe.Checkout.Session) };
      }
      if (event.type === 'charge.refunded') {
        const pi: unknown = (event as { data?: { object?: { payment_intent?: unknown } } | null }).data?.object?.payment_intent;
        const id = typeof pi === 'string' ? pi : typeof (pi as { id?: unknown } | null)?.id === 'string' ? (pi as { id: string }).id : null;
        if (!id) throw new WebhookPayloadError('charge.refunded without a payment intent in data.object');
        return { kind: 'refunded', paymentIntentId: id };
      }
      return { kind: 'ignore', type: event.type };
    },
  };
  return provider;
}

export type StripeProvider = ReturnType<typeof stripeProvider>;

/** Stripe's reasoned refusals (a card declined, a request it understood and refused): Stripe works. */
const stripeAnswered = (error: unknown) => error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError;

/**
 * The provider with each call to Stripe noted for the admin's system page (modules/shared/outside); the webhook's
 * signature check asks Stripe nothing and is left as it is.
 */
export function watchedStripe(provider: StripeProvider, outside: OutsideCalls): StripeProvider {
  const watch = <A extends unknown[], R>(call: (...args: A) => Promise<R>) => (...args: A) => outside.watch('stripe', () => call(...args), stripeAnswered);
  return {
    ...provider,
    createCheckout: watch(provider.createCheckout), retrieve: watch(provider.retrieve), expire: watch(provider.expire),
    refund: watch(provider.refund), refundPart: watch(provider.refundPart), refundsOf: watch(provider.refundsOf),
  };
}

/**
 * Without a Stripe key: a checkout page of our own (`/dev-checkout/<purchaseId>`) stands in for Stripe's,
 * and paying there drives the same fulfilment as a webhook.
 */
export function devProvider(origin: () => string): PaymentProvider {
  return {
    name: 'dev',
    async createCheckout(r) {
      return { id: `dev_${r.purchaseId}`, url: new URL(`/dev-checkout/${r.purchaseId}`, origin()).href };
    },
    async retrieve(sessionId) {
      // The dev checkout has no remote state: unpaid until its Pay button completes it directly.
      return { id: sessionId, paid: false, amountMinor: 0, currency: 'PLN', paymentIntentId: null, purchaseId: null, userId: null, productKey: null };
    },
    // The CheckoutExpired event alone closes a dev checkout: its page refuses to pay an expired purchase.
    async expire() { return { outcome: 'expired' }; },
    // No money moved, so the refund is only a record.
    async refund(r) { return { providerRefundId: `dev_refund_${r.purchaseId}`, amountMinor: r.amountMinor, currency: r.currency }; },
    async refundPart(r) { return { providerRefundId: `dev_refund_${r.refundId}`, refundId: r.refundId, amountMinor: r.amountMinor, currency: r.currency, purchaseId: r.purchaseId }; },
    async refundsOf() { return []; },
  };
}
