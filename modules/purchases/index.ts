import type { ModuleContext } from '../shared/kernel/index.ts';
import type { BuyerLookup, PriceLookup, ProductLookup } from './catalogue-port.ts';
import { purchasesProjection } from './projections.ts';
import { devProvider, stripeProvider, type StripeProvider } from './providers.ts';
import { purchaseService } from './service.ts';

export { accessUntil, hasAccess, isEventOver, isOnSale, ACCESS_DAYS_AFTER_LIVE } from './access.ts';
export type { ProductForSale, PriceForSale, Currency, ProductLookup, PriceLookup, BuyerLookup } from './catalogue-port.ts';
export { WebhookSignatureError, type ProviderSession, type WebhookOutcome } from './providers.ts';
export { confirmationTexts } from './confirmation-mail.ts';
export { refundTexts } from './refund-mail.ts';
export type { FulfilResult, RefundResult } from './fulfilment.ts';
export { watchView, type WatchView, type WatchAccess } from './watch.ts';
export { signRecordingPath, verifyRecordingLink, RECORDING_LINK_TTL_MS } from './recording-links.ts';
export type { CheckoutError, DevCheckoutView, PurchaseService } from './service.ts';

/** Purchases: checkout, fulfilment (Stripe webhook, reconciliation, dev checkout), access, playback. */
export function createPurchases(ctx: ModuleContext, deps: { products: ProductLookup; productKeyForPrice: PriceLookup; buyers: BuyerLookup; origin: () => string }) {
  const stripe: StripeProvider | null = ctx.config.STRIPE_SECRET_KEY
    ? stripeProvider(ctx.config.STRIPE_SECRET_KEY, ctx.config.STRIPE_WEBHOOK_SECRET, ctx.config.STRIPE_API_URL)
    : null;
  const service = purchaseService({
    db: ctx.db, store: ctx.store, provider: stripe ?? devProvider(deps.origin),
    products: deps.products, buyers: deps.buyers, siteName: ctx.config.SITE_NAME, secret: ctx.config.JWT_SECRET,
  });
  return {
    ...service,
    productKeyForPrice: deps.productKeyForPrice,
    projections: [purchasesProjection],
    /** The Stripe webhook verifier, or null when payments run on the dev checkout. */
    stripe,
    usesDevCheckout: stripe === null,
  };
}

export type Purchases = ReturnType<typeof createPurchases>;
