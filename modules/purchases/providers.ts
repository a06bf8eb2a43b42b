import Stripe from 'stripe';
import type { Currency, PriceForSale, ProductForSale } from './catalogue-port.ts';
import type { Provider } from './purchase.ts';

export type CheckoutRequest = {
  purchaseId: string;
  userId: string;
  product: ProductForSale;
  price: PriceForSale;
  email: string;
  locale: 'pl' | 'en';
  successUrl: string;
  cancelUrl: string;
};

/** A provider's checkout session, reduced to what fulfilment needs. */
export type ProviderSession = {
  id: string;
  paid: boolean;
  amount: number;
  currency: Currency;
  paymentIntentId: string | null;
  purchaseId: string | null;
  userId: string | null;
  productKey: string | null;
};

export type WebhookOutcome = { kind: 'fulfil'; session: ProviderSession } | { kind: 'ignore'; type: string };

export interface PaymentProvider {
  readonly name: Provider;
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  retrieve(sessionId: string): Promise<ProviderSession>;
}

export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

const toCurrency = (c: string | null | undefined): Currency => (c ?? '').toUpperCase() as Currency;

function fromStripe(session: Stripe.Checkout.Session): ProviderSession {
  const pi = session.payment_intent;
  return {
    id: session.id,
    paid: session.payment_status === 'paid',
    // The catalogue keeps whole units; Stripe counts the smallest unit.
    amount: Math.round((session.amount_total ?? 0) / 100),
    currency: toCurrency(session.currency),
    paymentIntentId: typeof pi === 'string' ? pi : pi?.id ?? null,
    purchaseId: session.metadata?.purchaseId ?? null,
    userId: session.metadata?.userId ?? null,
    productKey: session.metadata?.productKey ?? null,
  };
}

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
    async createCheckout(r) {
      // A real Stripe price id (price_ + letters and digits) is used as is; any other id (the demo ones) becomes price data from the catalogue.
      const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = /^price_[A-Za-z0-9]+$/.test(r.price.priceId)
        ? { price: r.price.priceId, quantity: 1 }
        : { quantity: 1, price_data: { currency: r.price.currency.toLowerCase(), unit_amount: r.price.amount * 100, product_data: { name: r.product.title[r.locale] } } };
      const metadata = { purchaseId: r.purchaseId, userId: r.userId, productKey: r.product.key };
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [lineItem],
        customer_email: r.email,
        locale: r.locale,
        success_url: r.successUrl,
        cancel_url: r.cancelUrl,
        client_reference_id: r.purchaseId,
        metadata,
        payment_intent_data: { metadata },
      }, { idempotencyKey: `checkout-${r.purchaseId}` });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },
    async retrieve(sessionId) {
      return fromStripe(await stripe.checkout.sessions.retrieve(sessionId));
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
      if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
        return { kind: 'fulfil', session: fromStripe(event.data.object) };
      }
      return { kind: 'ignore', type: event.type };
    },
  };
  return provider;
}

export type StripeProvider = ReturnType<typeof stripeProvider>;

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
      return { id: sessionId, paid: false, amount: 0, currency: 'PLN', paymentIntentId: null, purchaseId: null, userId: null, productKey: null };
    },
  };
}
