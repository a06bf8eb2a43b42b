import type { ModuleDb } from '../shared/db/index.ts';
import { randomIds, systemClock, type ModuleContext } from '../shared/kernel/index.ts';
import { createRateLimiter } from '../shared/rate-limit/index.ts';
import { outsideCalls } from '../shared/outside/index.ts';
import type { LogFreshness } from '../shared/memory/index.ts';
import { ownedReads } from './owned.ts';
import { attendeeQueries } from './attendees.ts';
import { checkoutHandlers } from './checkout.ts';
import { defaultCheckoutLimits, type CheckoutLimits } from './limits.ts';
import { fulfilmentHandlers } from './fulfilment.ts';
import { grantHandlers } from './grants.ts';
import { purchasesProjection } from './projections.ts';
import { addressOf } from './calendar-invites.ts';
import type { PurchasesDeps } from './deps.ts';
import type { PurchasesPorts } from './ports.ts';
import { devProvider, stripeProvider, watchedStripe, type StripeProvider } from './providers.ts';
import { purchasesQueries } from './queries.ts';
import { paidMinor } from './refund.ts';
import type { SaleRecord } from '../invoicing/index.ts';
import { refundHandlers, REFUND_TOPIC } from './refunds.ts';
import { refundViews } from './refund-views.ts';
import type { PurchasesTables } from './schema.ts';
import { stripeWebhook } from './stripe-webhook.ts';
import { SEAT_EXPIRY_TOPIC, seatHandlers, WAITLIST_CLOSE_TOPIC, WAITLIST_OFFER_TOPIC } from './seat-handlers.ts';
import { waitlistHandlers } from './waitlist-handlers.ts';
import { scheduleNoticeHandlers } from './schedule-notices.ts';
import { withdrawalHandlers } from './withdrawal-handlers.ts';
import { withdrawalLinks } from './withdrawal-link.ts';

export { accessUntil, hasAccess, isOnSale, ACCESS_DAYS_AFTER_LIVE } from './access.ts';
export { WebhookSignatureError, type ProviderSession, type WebhookOutcome } from './providers.ts';
export { confirmationTexts, withdrawalFormTexts } from './confirmation-mail.ts';
export { withdrawalTokens } from './withdrawal-link.ts';
export { consentTexts, type ConsentGiven } from './consents.ts';
export { consentsNeeded, lastDayOfWithdrawal, withdrawalDeadline, type ConsentKind } from './withdrawal-period.ts';
export { refundTexts, refundNoticeTexts } from './refund-mail.ts';
export { calendarTexts, cancelSequence, purchaseInvitation, purchaseInvitationUpdate, purchaseCancellation, saleSessions, type InviteInput, type Organizer } from './calendar-invites.ts';
export { scheduleChangeMail, scheduleChangeTexts } from './schedule-change-mail.ts';
export { SCHEDULE_NOTICE_TOPIC } from './schedule-notices.ts';
export { refundDecisions, paidMinor, type RefundRequested, type RefundCompleted, type PurchaseAccessEnded, type RequestRefund, type RefundRequester, type RefundRule } from './refund.ts';
export type { RefundInput, RefundAnswer } from './refunds.ts';
export type { BuyerRefund } from './refund-views.ts';
export type { FulfilResult, RefundResult } from './fulfilment.ts';
export type { WebhookAnswer } from './stripe-webhook.ts';
export { watchView, type WatchView, type WatchAccess } from './watch.ts';
export { signRecordingPath, verifyRecordingLink, RECORDING_LINK_TTL_MS } from './recording-links.ts';
export type { DevCheckoutView, Library, PurchaseStanding, WatchDecision } from './queries.ts';
export { withdrawalRight, type WithdrawalRight } from './withdrawal-right.ts';
export { acknowledgementTexts, formatMinor } from './withdrawal-mail.ts';
export type { WithdrawalView, WithdrawalOffer } from './withdrawal-handlers.ts';
export type { PurchaseRule } from './purchase.ts';
export type { Attendee, AttendeeList, AttendeeTotals, PaymentState } from './attendees.ts';
export type { CheckoutLimits } from './limits.ts';
export { HOLD_MINUTES } from './seat-handlers.ts';
export type { SeatCounts, WaitlistStatus } from './seat-views.ts';
export type { SeatEvent, SeatHeld, SeatTaken, SeatReleased, SeatReleaseReason, WaitlistJoined, WaitlistLeft, SeatOffered, OfferEnded, WaitlistClosed } from './seats.ts';
export { DEFAULT_OFFER_HOURS, OFFER_END_BEFORE_START_MINUTES, OFFER_MIN_MINUTES } from './seats.ts';
export { waitlistOfferTexts } from './waitlist-mail.ts';
export type {
  BuyerLookup, ContactsLookup, Currency, PriceForSale, PriceLookup, ProductForSale, ProductLookup, PurchasesPorts, Terms,
} from './ports.ts';
export type { PurchasesDeps } from './deps.ts';

/** Purchases: checkout, fulfilment (Stripe webhook, reconciliation, dev checkout), access, playback. */
export function createPurchases(ctx: ModuleContext, ports: PurchasesPorts, options: { log?: LogFreshness; limits?: Partial<CheckoutLimits> } = {}) {
  const outside = outsideCalls(ctx.db, { clock: ctx.clock, onError: (err) => ctx.log.warn({ err }, 'Stripe status not recorded') });
  const stripe: StripeProvider | null = ctx.config.STRIPE_SECRET_KEY
    ? watchedStripe(stripeProvider(ctx.config.STRIPE_SECRET_KEY, ctx.config.STRIPE_WEBHOOK_SECRET, ctx.config.STRIPE_API_URL), outside)
    : null;
  const deps: PurchasesDeps = {
    db: ctx.db as unknown as ModuleDb<PurchasesTables>,
    store: ctx.store,
    clock: ctx.clock ?? systemClock,
    ids: ctx.ids ?? randomIds,
    provider: stripe ?? devProvider(ports.origin),
    ports,
    siteName: ctx.config.SITE_NAME,
    organizer: { name: ctx.config.SITE_NAME, email: addressOf(ctx.config.MAIL_FROM) },
    secret: ctx.config.JWT_SECRET,
    mediaDir: ctx.config.MEDIA_DIR,
  };
  const queries = purchasesQueries(deps);
  const fulfilment = fulfilmentHandlers(deps, queries);
  const limiter = createRateLimiter(deps.db, { clock: deps.clock });
  const seats = seatHandlers(deps);
  const checkout = checkoutHandlers(deps, queries, fulfilment, { limiter, limits: { ...defaultCheckoutLimits, ...options.limits } }, seats);
  const waitlist = waitlistHandlers(deps, queries, seats);
  const { activePurchase, purchasesOf, library, watchDecision, linksFor, recordingAccess, devCheckout, purchaseStanding } = queries;
  const { withdrawalLink, verifyWithdrawalToken } = withdrawalLinks(deps.secret, ports.origin);
  const owned = ownedReads(deps.db, deps.clock, options.log);
  const refunds = refundHandlers(deps, queries);
  const notices = scheduleNoticeHandlers(deps);
  return {
    // Queries: what a buyer owns and may see now.
    activePurchase, purchasesOf, library, watchDecision, linksFor, recordingAccess, devCheckout,
    /** One purchase and whether it gives access at an instant (meetings: the join link, reminders). */
    purchaseStanding,
    ownedKeys: owned.ownedKeys,
    /** When a user's access to one product ends, if they may watch it now (recordings asks this of every HLS request). */
    accessUntil: owned.accessUntil,
    accessChangesAt: owned.accessChangesAt,
    /** Events committed by any instance: what users own is read again for the users they concern. */
    forgetOwned: owned.forget,
    /** The admin's attendee list of a product: who paid what (or was granted it), with totals per currency. */
    attendees: attendeeQueries(deps).attendees,
    /** The admin grants a product by hand (with a reason) and revokes such a grant. */
    ...grantHandlers(deps, queries, seats),
    /** The buyer withdraws from a purchase (signed link or My Recordings): statement, refund asked, access ended. */
    ...withdrawalHandlers(deps, queries),
    // Commands: checkout, payment and playback.
    ...checkout,
    fulfil: fulfilment.fulfil,
    settleDueRefunds: fulfilment.settleDueRefunds,
    /** My Recordings: the buyer's purchases with money given back or on its way. */
    refundsOf: refundViews(deps).refundsOf,
    /** A purchase as invoicing needs it: the buyer, the amount paid and when, and the refunds completed (null: no payment on it). */
    async saleForInvoice(purchaseId: string): Promise<SaleRecord | null> {
      const { state } = await queries.load(purchaseId);
      if (state.status !== 'paid') return null;
      const p = state.purchase;
      const refunds = Object.entries(state.refunds?.refunds ?? {}).filter(([, r]) => r.completed).map(([refundId, r]) => ({ refundId, amountMinor: r.amountMinor }));
      return { purchaseId, userId: p.userId, productKey: p.productKey, paid: true, currency: p.currency, paidMinor: paidMinor(p), paidAt: p.paidAt, refunds };
    },
    /** Money back on a paid purchase (admin, withdrawal): full or partial, idempotent by refund id; a full one ends access. */
    requestRefund: refunds.requestRefund,
    stripeWebhook: stripeWebhook(stripe, fulfilment, refunds, seats),
    /** A product's seats now (capacity, sold, held, free; null capacity and free: no limit). */
    seats: seats.seats,
    /** A product page's seats and the caller's place on its waiting list, from one read of its seats stream. */
    seatsAndWaitlist: seats.seatsAndWaitlist,
    /** Records the release of the product's holds past their expiry (they already count as free); also run at each hold's expiry from the outbox. */
    sweepExpiredHolds: seats.sweep,
    /**
     * The waiting list of a product with seats: join, leave, a person's place and offer, declining an offer (signed in
     * or by the mail's signed link), and the panel's view (the list, offers in flight, every step).
     */
    waitlist: {
      join: waitlist.join, leave: waitlist.leave, status: waitlist.status, declineByToken: waitlist.declineByToken,
      offerByToken: waitlist.offerByToken, panel: waitlist.panel,
    },
    /**
     * The catalogue's announcement of a capacity change (its outbox topic, handed over by the composition root): the
     * seats a raise freed are offered to the waiting list, once however often it runs.
     */
    capacityChanged: waitlist.capacityChanged,
    /**
     * The catalogue's announcement of a schedule change (its outbox topic, handed over by the composition root): each
     * buyer with access is told, once per change, and their reminders are planned again (schedule-notices.ts).
     */
    scheduleChanged: notices.scheduleChanged,
    /** The catalogue's announcement of new reminder offsets: the reminders of each buyer with access are planned again. */
    remindersChanged: notices.remindersChanged,
    /** The refund's money moves at the provider from the outbox (retried until it answers, sent once). */
    outboxHandlers: {
      ...notices.outboxHandlers,
      [REFUND_TOPIC]: (payload: unknown) => refunds.deliverRefund(payload),
      [SEAT_EXPIRY_TOPIC]: async (payload: unknown) => { await seats.sweep((payload as { productKey: string }).productKey); },
      [WAITLIST_OFFER_TOPIC]: (payload: unknown) => waitlist.mailOffer(payload),
      [WAITLIST_CLOSE_TOPIC]: (payload: unknown) => waitlist.close(payload),
    },
    productKeyForPrice: ports.productKeyForPrice,
    /** The signed link to a purchase's withdrawal page (`/odstapienie/{token}`), and the purchase a token names (null: forged). */
    withdrawalLink, verifyWithdrawalToken,
    projections: [purchasesProjection],
    /** The Stripe webhook verifier, or null when payments run on the dev checkout. */
    stripe,
    usesDevCheckout: stripe === null,
  };
}

export type Purchases = ReturnType<typeof createPurchases>;
