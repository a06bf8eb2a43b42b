import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../shared/db/index.ts';
import type { EventMetadata, EventStore } from '../shared/events/index.ts';
import { isOnSale } from './access.ts';
import type { BuyerLookup, ProductLookup } from './catalogue-port.ts';
import { fulfilment } from './fulfilment.ts';
import { purchaseHandling } from './handling.ts';
import { signRecordingPath } from './recording-links.ts';
import { PurchaseRuleBroken } from './purchase.ts';
import type { PaymentProvider } from './providers.ts';

export type CheckoutError = 'unknown-product' | 'unknown-price' | 'already-owned' | 'not-on-sale' | 'unknown-buyer';

/** What the dev checkout page shows for one of the caller's purchases. */
export type DevCheckoutView = { status: 'open' | 'paid' | 'expired' | 'owned'; productKey: string; title: { pl: string; en: string }; amount: number; currency: string };

export type PurchasesDeps = {
  db: Kysely<Database>;
  store: EventStore;
  provider: PaymentProvider;
  products: ProductLookup;
  buyers: BuyerLookup;
  siteName: string;
  /** Signs recording URLs. */
  secret: string;
  now?: () => Date;
};

export function purchaseService(deps: PurchasesDeps) {
  const now = deps.now ?? (() => new Date());
  const handling = purchaseHandling(deps);
  const { load, handle } = handling;
  const { fulfil, settleRefund, settleDueRefunds } = fulfilment(deps, handling, now);

  /** The user's paid purchase of a product whose access window is open now, if any. */
  async function activePurchase(userId: string, productKey: string) {
    const at = now();
    return deps.db.selectFrom('purchases').selectAll()
      .where('user_id', '=', userId).where('product_key', '=', productKey).where('status', '=', 'paid')
      .where('paid_at', '<=', at).where('access_until', '>', at)
      .orderBy('paid_at', 'desc').executeTakeFirst();
  }

  /**
   * Closes the buyer's other open checkouts for the product, so only the newest can be paid: at the provider first,
   * then as CheckoutExpired on each stream. One paid before it could be closed is fulfilled instead.
   */
  async function expireOpenCheckouts(userId: string, productKey: string, supersededBy: string, origin: string, metadata: EventMetadata) {
    const open = await deps.db.selectFrom('purchases').select(['purchase_id', 'provider', 'provider_session_id'])
      .where('user_id', '=', userId).where('product_key', '=', productKey).where('status', '=', 'pending').execute();
    for (const checkout of open) {
      // A checkout of the other provider (the site switched since) has nothing open here to close.
      if (checkout.provider === deps.provider.name) {
        const closed = await deps.provider.expire(checkout.provider_session_id);
        if (closed.outcome === 'paid') {
          await fulfil(closed.session, { origin, metadata });
          continue;
        }
      }
      await handle(checkout.purchase_id, { type: 'ExpireCheckout', purchaseId: checkout.purchase_id, supersededBy, at: now().toISOString() }, { metadata });
    }
  }

  return {
    activePurchase,

    /** The file under MEDIA_DIR holding a product's recording, when we serve it ourselves. */
    async recordingFile(productKey: string): Promise<string | null> {
      const link = (await deps.products(productKey))?.recordingLink;
      return link?.startsWith('media:') ? link.slice('media:'.length) : null;
    },

    /**
     * The recording and live links, for an owner inside the access window only: a fresh signed URL for
     * a recording we serve, the stored URL otherwise. Everyone else gets nothing.
     */
    async linksFor(userId: string | null, productKey: string): Promise<{ watchURL?: string; meetLink?: string }> {
      if (!userId || !(await activePurchase(userId, productKey))) return {};
      const product = await deps.products(productKey);
      if (!product) return {};
      const recording = product.recordingLink;
      return {
        ...(recording ? { watchURL: recording.startsWith('media:') ? signRecordingPath(deps.secret, productKey, userId, now()) : recording } : {}),
        ...(product.liveLink ? { meetLink: product.liveLink } : {}),
      };
    },

    /** Starts a checkout for one product at one of its catalogue prices. Nothing from the client is trusted but the two ids. */
    async startCheckout(input: { userId: string; email: string; productKey: string; priceId: string; locale: 'pl' | 'en'; origin: string; metadata?: EventMetadata }):
      Promise<{ ok: true; url: string; purchaseId: string } | { ok: false; error: CheckoutError }> {
      const product = await deps.products(input.productKey);
      if (!product) return { ok: false, error: 'unknown-product' };
      const price = product.prices.find((p) => p.priceId === input.priceId);
      if (!price) return { ok: false, error: 'unknown-price' };
      if (!isOnSale(product.liveAt, now())) return { ok: false, error: 'not-on-sale' };
      if (await activePurchase(input.userId, product.key)) return { ok: false, error: 'already-owned' };
      const purchaseId = randomUUID();
      await expireOpenCheckouts(input.userId, product.key, purchaseId, input.origin, input.metadata ?? {});
      // Closing them may have found one paid after all.
      if (await activePurchase(input.userId, product.key)) return { ok: false, error: 'already-owned' };
      const session = await deps.provider.createCheckout({
        purchaseId, userId: input.userId, product, price, email: input.email, locale: input.locale,
        successUrl: new URL('/video#nowy-film', input.origin).href, cancelUrl: new URL('/anulowano-platnosc', input.origin).href,
      });
      await handle(purchaseId, { type: 'StartCheckout', checkout: {
        purchaseId, userId: input.userId, productKey: product.key, priceId: price.priceId, currency: price.currency, amount: price.amount,
        provider: deps.provider.name, providerSessionId: session.id, startedAt: now().toISOString(),
      } }, { metadata: input.metadata ?? {} });
      return { ok: true, url: session.url, purchaseId };
    },

    fulfil,

    settleRefund,
    settleDueRefunds,

    /** One of the caller's own dev checkouts, and whether it can still be paid; null for anyone else's or an unknown one. */
    async devCheckout(purchaseId: string, userId: string): Promise<DevCheckoutView | null> {
      const { state } = await load(purchaseId);
      if (state.status === 'none') return null;
      const own = state.status === 'pending' || state.status === 'expired' ? state.checkout : state.status === 'paid' ? state.purchase : state.payment;
      if (own.userId !== userId) return null;
      const product = await deps.products(own.productKey);
      if (!product) return null;
      const status = state.status === 'paid' ? 'paid' : state.status !== 'pending' && state.status !== 'expired' ? 'owned'
        : (await activePurchase(userId, own.productKey)) ? 'owned' : state.status === 'expired' ? 'expired' : 'open';
      return { status, productKey: product.key, title: product.title, amount: own.amount, currency: own.currency };
    },

    /** The dev checkout's Pay button: completes the caller's own open checkout with the catalogue amount, never a second time for an owner. */
    async payDevCheckout(purchaseId: string, userId: string, origin: string) {
      const { state } = await load(purchaseId);
      if (state.status === 'none') return 'unknown' as const;
      const buyer = state.status === 'paid' ? state.purchase.userId : state.status === 'pending' || state.status === 'expired' ? state.checkout.userId : state.payment.userId;
      if (buyer !== userId) return 'unknown' as const;
      if (state.status === 'paid') return 'already-recorded' as const;
      // Paid a second time already, and given back: the product is owned through the other purchase.
      if (state.status === 'refundDue' || state.status === 'refunded') return 'already-owned' as const;
      const c = state.checkout;
      if (await activePurchase(userId, c.productKey)) return 'already-owned' as const;
      if (state.status === 'expired') return 'expired' as const;
      return fulfil({ id: c.providerSessionId, paid: true, amount: c.amount, currency: c.currency, paymentIntentId: null,
        purchaseId, userId, productKey: c.productKey }, { origin, metadata: { actor: userId } });
    },

    /** For a buyer back before the webhook: asks the provider about each of their open checkouts. */
    async reconcile(userId: string, origin: string) {
      if (deps.provider.name !== 'stripe') return 0;
      const pending = await deps.db.selectFrom('purchases').select(['provider_session_id'])
        .where('user_id', '=', userId).where('status', '=', 'pending').where('provider', '=', 'stripe').execute();
      let recorded = 0;
      for (const p of pending) {
        const session = await deps.provider.retrieve(p.provider_session_id);
        if ((await fulfil(session, { origin, metadata: { actor: userId } })) === 'recorded') recorded += 1;
      }
      // A refund of theirs that failed earlier is retried too; its failure must not hide what they own.
      await settleDueRefunds({ origin, userId });
      return recorded;
    },

    /** The first playback ends the right of withdrawal; later ones change nothing. */
    async recordPlayback(userId: string, productKey: string): Promise<'recorded' | 'already-recorded' | 'no-access'> {
      const purchase = await activePurchase(userId, productKey);
      if (!purchase) return 'no-access';
      try {
        const { events } = await handle(purchase.purchase_id, { type: 'StartPlayback', purchaseId: purchase.purchase_id, at: now().toISOString() }, { metadata: { actor: userId } });
        return events.length > 0 ? 'recorded' : 'already-recorded';
      } catch (error) {
        if (error instanceof PurchaseRuleBroken) return 'no-access';
        throw error;
      }
    },

    /** Keys of the products a user may watch now (paid, inside the access window). */
    async ownedKeys(userId: string): Promise<string[]> {
      const at = now();
      const rows = await deps.db.selectFrom('purchases').select('product_key').distinct()
        .where('user_id', '=', userId).where('status', '=', 'paid').where('paid_at', '<=', at).where('access_until', '>', at).execute();
      return rows.map((r) => r.product_key);
    },

    /** Paid purchases of a user, newest first, for the profile and the library. */
    async purchasesOf(userId: string) {
      return deps.db.selectFrom('purchases').select(['purchase_id', 'product_key', 'paid_at', 'access_until', 'playback_started_at', 'amount', 'currency'])
        .where('user_id', '=', userId).where('status', '=', 'paid').orderBy('paid_at', 'desc').execute();
    },
  };
}

export type PurchaseService = ReturnType<typeof purchaseService>;
