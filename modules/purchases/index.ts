import type { Product } from '../catalogue/index.ts';
import type { ModuleDb } from '../shared/db/index.ts';
import { randomIds, systemClock, type ModuleContext } from '../shared/kernel/index.ts';
import type { LogFreshness } from '../shared/memory/index.ts';
import { ownedReads } from './owned.ts';
import { attendeeQueries } from './attendees.ts';
import { checkoutHandlers } from './checkout.ts';
import { fulfilmentHandlers } from './fulfilment.ts';
import { purchasesProjection } from './projections.ts';
import { devProvider, stripeProvider, type PaymentProvider, type StripeProvider } from './providers.ts';
import { purchasesQueries } from './queries.ts';
import type { PurchasesTables } from './schema.ts';
import { stripeWebhook } from './stripe-webhook.ts';

export { accessUntil, hasAccess, isOnSale, ACCESS_DAYS_AFTER_LIVE } from './access.ts';
export { WebhookSignatureError, type ProviderSession, type WebhookOutcome } from './providers.ts';
export { confirmationTexts } from './confirmation-mail.ts';
export { refundTexts } from './refund-mail.ts';
export type { FulfilResult, RefundResult } from './fulfilment.ts';
export type { WebhookAnswer } from './stripe-webhook.ts';
export { watchView, type WatchView, type WatchAccess } from './watch.ts';
export { signRecordingPath, verifyRecordingLink, RECORDING_LINK_TTL_MS } from './recording-links.ts';
export type { DevCheckoutView, Library, WatchDecision } from './queries.ts';
export type { PurchaseRule } from './purchase.ts';
export type { Attendee, AttendeeList } from './attendees.ts';

// ---- Ports: what purchases needs from other modules, handed over by the composition root (src/server/modules.ts).

export type Currency = 'PLN' | 'EUR' | 'USD';

export type PriceForSale = { currency: Currency; amount: number; priceId: string };

/** What purchases needs to know about a product to sell it and to hand its links to owners. */
export type ProductForSale = {
  key: string;
  title: { pl: string; en: string };
  /** The event's start, an instant (Europe/Warsaw on the page). */
  liveAt: Date;
  durationMinutes: number;
  prices: PriceForSale[];
  /** `media:<path under MEDIA_DIR>` for a recording we serve, an https URL for one hosted elsewhere, or null. */
  recordingLink: string | null;
  /** The live meeting's URL, or null. Owners only. */
  liveLink: string | null;
  /** On the public pages and on sale; an unpublished product is not sold, its owners keep their access. */
  published: boolean;
};

export type ProductLookup = (key: string) => Promise<ProductForSale | null>;

/** Which product a payment-provider price id belongs to (the hand-off page only knows the price). */
export type PriceLookup = (priceId: string) => Promise<string | null>;

/** The buyer as mail needs them; personal data stays in the accounts module. */
export type BuyerLookup = (userId: string) => Promise<{ email: string; name: string; language: 'pl' | 'en' } | null>;

/** Name, e-mail and phone of each user still holding personal data, for the admin's attendee lists. */
export type ContactsLookup = (userIds: readonly string[]) => Promise<ReadonlyMap<string, { name: string; email: string; phone: string }>>;

export type PurchasesPorts = {
  /** The catalogue's product as it is sold (prices, start, the links only owners get). */
  products: ProductLookup;
  productKeyForPrice: PriceLookup;
  /** The catalogue's product as its owners see it (My Recordings, the watch page), published or not. */
  listing: (key: string) => Promise<Product | null>;
  /** The catalogue's rule: 24 hours after its start an event is over (the watch page turns to the recording). */
  isEventOver: (startsAt: Date, now: Date) => boolean;
  /** The accounts module's mail contact of a buyer. */
  buyers: BuyerLookup;
  /** The accounts module's contact details of buyers (the admin's attendee lists). */
  contacts: ContactsLookup;
  /** The site's public origin, for links in mail and the dev checkout. */
  origin: () => string;
};

/** Purchases: checkout, fulfilment (Stripe webhook, reconciliation, dev checkout), access, playback. */
export function createPurchases(ctx: ModuleContext, ports: PurchasesPorts, options: { log?: LogFreshness } = {}) {
  const stripe: StripeProvider | null = ctx.config.STRIPE_SECRET_KEY
    ? stripeProvider(ctx.config.STRIPE_SECRET_KEY, ctx.config.STRIPE_WEBHOOK_SECRET, ctx.config.STRIPE_API_URL)
    : null;
  const deps = {
    db: ctx.db as unknown as ModuleDb<PurchasesTables>,
    store: ctx.store,
    clock: ctx.clock ?? systemClock,
    ids: ctx.ids ?? randomIds,
    provider: stripe ?? devProvider(ports.origin),
    ports,
    siteName: ctx.config.SITE_NAME,
    secret: ctx.config.JWT_SECRET,
    mediaDir: ctx.config.MEDIA_DIR,
  };
  const queries = purchasesQueries(deps);
  const fulfilment = fulfilmentHandlers(deps, queries);
  const checkout = checkoutHandlers(deps, queries, fulfilment);
  const { activePurchase, purchasesOf, library, watchDecision, linksFor, recordingAccess, devCheckout } = queries;
  const owned = ownedReads(deps.db, deps.clock, options.log);
  return {
    // Queries: what a buyer owns and may see now.
    activePurchase, purchasesOf, library, watchDecision, linksFor, recordingAccess, devCheckout,
    ownedKeys: owned.ownedKeys,
    accessChangesAt: owned.accessChangesAt,
    /** Events committed by any instance: what users own is read again for the users they concern. */
    forgetOwned: owned.forget,
    /** The admin's attendee list of a product: every paid owner with contact details, oldest purchase first. */
    attendees: attendeeQueries(deps).attendees,
    // Commands: checkout, payment and playback.
    ...checkout,
    fulfil: fulfilment.fulfil,
    settleDueRefunds: fulfilment.settleDueRefunds,
    stripeWebhook: stripeWebhook(stripe, fulfilment),
    productKeyForPrice: ports.productKeyForPrice,
    projections: [purchasesProjection],
    /** The Stripe webhook verifier, or null when payments run on the dev checkout. */
    stripe,
    usesDevCheckout: stripe === null,
  };
}

export type PurchasesDeps = {
  db: ModuleDb<PurchasesTables>;
  store: ModuleContext['store'];
  clock: () => Date;
  ids: () => string;
  provider: PaymentProvider;
  ports: PurchasesPorts;
  siteName: string;
  /** Signs recording URLs. */
  secret: string;
  mediaDir: string;
};

export type Purchases = ReturnType<typeof createPurchases>;
