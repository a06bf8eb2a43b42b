import type { BuyerParty } from '../invoicing/index.ts';
import type { EventMetadata } from '../shared/events/index.ts';
import { DomainError, handleCommand } from '../shared/kernel/index.ts';
import type { PurchasesDeps } from './deps.ts';
import { checkoutCounts, type CheckoutLimiter } from './limits.ts';
import { consentsGiven, consentWording, refuseConsents } from './consents.ts';
import { buyerOf, consentsFor, purchaseDecider, refuseCheckout, streamOf, type Sale } from './purchase.ts';
import type { FulfilmentHandlers } from './fulfilment.ts';
import type { ProductForSale } from './ports.ts';
import { ProviderUnavailableError } from './providers.ts';
import type { PurchasesQueries } from './queries.ts';
import { HOLD_MINUTES, seatPolicyOf, type SeatHandlers } from './seat-handlers.ts';

type StartInput = {
  userId: string; email: string; productKey: string; priceId: string; locale: 'pl' | 'en'; metadata?: EventMetadata;
  /** The caller's client address: the web always gives it; a call without one is counted per user only. */
  ip?: string;
  /** The consents the buyer ticked (kinds, e.g. 'earlyStart'): exactly those the product needs now, else refused. */
  consents?: readonly string[];
  /** "Chcę fakturę": the buyer on the invoice (company with a NIP, or a consumer without), checked by the edge and by invoicing. */
  invoice?: { buyer: BuyerParty };
};

/** The provider unreachable or failing: refused as `payment-unavailable` (503), the reason kept for the log. */
async function askProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new DomainError('payment-unavailable', { reason: error.message });
    throw error;
  }
}

/** Checkouts (Stripe or the dev stand-in), reconciliation and playback: the commands a buyer's requests give. */
export function checkoutHandlers(deps: PurchasesDeps, queries: PurchasesQueries, fulfilment: FulfilmentHandlers, counting: CheckoutLimiter, seats: SeatHandlers) {
  const now = () => deps.clock().toISOString();

  /**
   * Closes the buyer's other open checkouts for the product, so only the newest can be paid: at the provider first,
   * then as CheckoutExpired on each stream. One paid before it could be closed is fulfilled instead.
   */
  async function expireOpenCheckouts(userId: string, productKey: string, supersededBy: string, metadata: EventMetadata) {
    for (const checkout of await queries.pendingCheckouts(userId, { productKey })) {
      // A checkout of the other provider (the site switched since) has nothing open here to close.
      if (checkout.provider === deps.provider.name) {
        const closed = await deps.provider.expire(checkout.provider_session_id);
        if (closed.outcome === 'paid') {
          await fulfilment.fulfil(closed.session, { metadata });
          continue;
        }
      }
      await handleCommand(deps, purchaseDecider, streamOf(checkout.purchase_id),
        { type: 'ExpireCheckout', purchaseId: checkout.purchase_id, supersededBy, at: now() }, { metadata });
    }
  }

  /** The sale as the checkout rules read it: prices, whether on sale, and what decides the consents needed. */
  const saleOf = (product: ProductForSale): Sale => ({
    liveAt: product.liveAt.toISOString(), priceIds: product.prices.map((p) => p.priceId), published: product.published,
    liveEndsAt: (product.liveEndsAt ?? new Date(product.liveAt.getTime() + product.durationMinutes * 60_000)).toISOString(),
    recordingAvailable: product.recordingAvailable ?? false,
  });

  /** The provider's payment page, then the checkout recorded with its consents (and invoice request) in one transaction. */
  async function recordCheckout(input: StartInput, product: ProductForSale, sale: Sale, price: ProductForSale['prices'][number], purchaseId: string,
    expiresAt: Date | undefined, given: readonly string[], metadata: EventMetadata, origin: string) {
    // Asked before anything is recorded: a provider that cannot be reached leaves no purchase behind, pending or paid.
    const session = await askProvider(() => deps.provider.createCheckout({
      purchaseId, userId: input.userId, product, price, email: input.email, locale: input.locale, ...(expiresAt ? { expiresAt } : {}),
      successUrl: new URL('/video#nowy-film', origin).href, cancelUrl: new URL('/anulowano-platnosc', origin).href,
    }));
    const startedAt = now();
    await handleCommand(deps, purchaseDecider, streamOf(purchaseId), {
      type: 'StartCheckout', sale, ownedThrough: null,
      // Checked above, and again by the decider at `startedAt`: the kinds are the needed ones.
      consents: consentsGiven(purchaseId, consentsFor(sale, startedAt).filter((kind) => given.includes(kind)), input.locale, startedAt),
      checkout: { purchaseId, userId: input.userId, productKey: product.key, priceId: price.priceId, currency: price.currency,
        amountMinor: price.amountMinor, provider: deps.provider.name, providerSessionId: session.id, startedAt,
        ...(input.invoice ? { invoiceRequested: true as const } : {}) },
    }, {
      metadata, prepare: async (tx, cmd) => ({ ...cmd, ownedThrough: (await queries.ownerOf(input.userId, product.key, tx)).owner }),
      alongside: async (tx, events) => (input.invoice && events.some((e) => e.type === 'CheckoutStarted')
        ? deps.ports.requestInvoice({ purchaseId, userId: input.userId, buyer: input.invoice.buyer, language: input.locale }, tx, metadata) : []),
    });
    return { url: session.url, purchaseId };
  }

  return {
    /**
     * The consents a checkout of the product needs now, worded for a reader of `lang`: the buy panel shows them
     * (unticked); the checkout decides again when it is asked. Empty for an unknown product.
     */
    async consentsToShow(productKey: string, lang: 'pl' | 'en') {
      const product = await deps.ports.products(productKey);
      return product ? consentsFor(saleOf(product), now()).map((kind) => consentWording(kind, lang)) : [];
    },

    /**
     * Starts a checkout for one product at one of its catalogue prices; nothing from the client is trusted but the
     * two ids. Refuses `rate-limited` (per user and per client), then `unknown-product`, `unknown-price`, `not-on-sale`
     * `already-owned`, `consent-missing`, `consent-not-needed` or `sold-out` (a product with a capacity and no seat free)
     * before the provider is asked, and `payment-unavailable`
     * when the provider cannot be reached. The consents are recorded (ConsentGiven) with the checkout, worded as the
     * buyer read them in `locale`. With `invoice`, `invoicing-not-ready` or `invoice-currency-nip` (a NIP on a non-PLN
     * price) before the provider is asked; the request commits with the checkout.
     */
    async startCheckout(input: StartInput): Promise<{ url: string; purchaseId: string }> {
      // Every attempt counts, refused ones too, before anything is asked of the catalogue or the provider.
      if (await counting.limiter.exceeded(...checkoutCounts(counting.limits, input.userId, input.ip))) throw new DomainError('rate-limited');
      const product = await deps.ports.products(input.productKey);
      if (!product) throw new DomainError('unknown-product');
      const sale = saleOf(product);
      const owned = async () => (await queries.ownerOf(input.userId, product.key)).owner;
      refuseCheckout(sale, input.priceId, await owned(), now());
      const given = input.consents ?? [];
      refuseConsents(consentsFor(sale, now()), given);
      if (input.invoice) {
        if (!(await deps.ports.invoicingReady())) throw new DomainError('invoicing-not-ready');
        // A NIP invoice in another currency needs the NBP rate of the day before (FA(3) P_14_xW), which we do not fetch.
        const currency = product.prices.find((p) => p.priceId === input.priceId)?.currency;
        if (input.invoice.buyer.nip !== null && currency !== 'PLN') throw new DomainError('invoice-currency-nip');
      }
      const purchaseId = deps.ids();
      const metadata = input.metadata ?? {};
      await askProvider(() => expireOpenCheckouts(input.userId, product.key, purchaseId, metadata));
      // Closing them may have found one paid after all.
      refuseCheckout(sale, input.priceId, await owned(), now());
      const price = product.prices.find((p) => p.priceId === input.priceId)!;
      const origin = deps.ports.origin();
      const capacity = product.capacity ?? null;
      // The seat first: no payment page is asked for a seat that does not exist (`sold-out`, and the provider never hears of it).
      const expiresAt = new Date(deps.clock().getTime() + HOLD_MINUTES * 60_000);
      if (capacity !== null) await seats.hold({ productKey: product.key, purchaseId, userId: input.userId, capacity, expiresAt: expiresAt.toISOString(), policy: seatPolicyOf(product) }, metadata);
      try {
        return await recordCheckout(input, product, sale, price, purchaseId, capacity !== null ? expiresAt : undefined, given, metadata, origin);
      } catch (error) {
        // Nothing can be paid for this hold: the seat goes back at once rather than at its expiry.
        if (capacity !== null) await seats.release(product.key, purchaseId, 'abandoned', metadata);
        throw error;
      }
    },

    /**
     * The dev checkout's Pay button: completes the caller's own open checkout with the catalogue amount, never a second
     * time for an owner. Refuses `checkout-not-found` (not the caller's), `already-owned` or `checkout-expired` (superseded,
     * or past its seat's hold).
     */
    async payDevCheckout(purchaseId: string, userId: string) {
      const { state } = await queries.load(purchaseId);
      if (buyerOf(state)?.userId !== userId) throw new DomainError('checkout-not-found');
      if (state.status === 'paid') return 'already-recorded' as const;
      // Paid a second time already, and given back: the product is owned through the other purchase.
      if (state.status !== 'pending' && state.status !== 'expired') throw new DomainError('already-owned');
      const c = state.checkout;
      if (![null, purchaseId].includes((await queries.ownerOf(userId, c.productKey)).owner)) throw new DomainError('already-owned');
      if (state.status === 'expired') throw new DomainError('checkout-expired');
      // A checkout holding a seat is payable for as long as Stripe's page would be (its hold), no longer.
      const capacity = (await deps.ports.products(c.productKey))?.capacity ?? null;
      if (capacity !== null && Date.parse(c.startedAt) + HOLD_MINUTES * 60_000 <= deps.clock().getTime()) throw new DomainError('checkout-expired');
      return fulfilment.fulfil({ id: c.providerSessionId, paid: true, amountMinor: c.amountMinor, currency: c.currency, paymentIntentId: null,
        purchaseId, userId, productKey: c.productKey }, { metadata: { actor: userId } });
    },

    /** For a buyer back before the webhook: asks the provider about each of their open checkouts. */
    async reconcile(userId: string) {
      if (deps.provider.name !== 'stripe') return 0;
      let recorded = 0;
      for (const p of await queries.pendingCheckouts(userId, { provider: 'stripe' })) {
        const session = await deps.provider.retrieve(p.provider_session_id);
        if ((await fulfilment.fulfil(session, { metadata: { actor: userId } })) === 'recorded') recorded += 1;
      }
      // A refund of theirs that failed earlier is retried too; its failure must not hide what they own.
      await fulfilment.settleDueRefunds({ userId });
      return recorded;
    },

    /** The first playback ends the right of withdrawal; later ones change nothing. Refuses `no-access` outside the window. */
    async recordPlayback(userId: string, productKey: string): Promise<'recorded' | 'already-recorded'> {
      const purchase = await queries.activePurchase(userId, productKey);
      if (!purchase) throw new DomainError('no-access');
      const { events } = await handleCommand(deps, purchaseDecider, streamOf(purchase.purchase_id),
        { type: 'StartPlayback', purchaseId: purchase.purchase_id, at: now() }, { metadata: { actor: userId } });
      return events.length > 0 ? 'recorded' : 'already-recorded';
    },
  };
}
