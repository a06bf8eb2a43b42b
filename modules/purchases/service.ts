import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { mailMessage } from '../mailing/index.ts';
import type { Database } from '../shared/db/index.ts';
import { ConcurrencyError, type EventMetadata, type EventStore, type RecordedEvent } from '../shared/events/index.ts';
import { accessUntil, isOnSale } from './access.ts';
import type { BuyerLookup, ProductLookup } from './catalogue-port.ts';
import { confirmationMail } from './confirmation-mail.ts';
import { signRecordingPath } from './recording-links.ts';
import {
  decide, evolve, initialState, PurchaseRuleBroken, streamOf,
  type PurchaseCommand, type PurchaseCompleted, type PurchaseEvent, type PurchaseState,
} from './purchase.ts';
import type { PaymentProvider, ProviderSession } from './providers.ts';

export type CheckoutError = 'unknown-product' | 'unknown-price' | 'already-owned' | 'not-on-sale' | 'unknown-buyer';

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

  async function load(purchaseId: string): Promise<{ state: PurchaseState; version: number }> {
    const events = await deps.store.readStream(streamOf(purchaseId));
    const state = events.reduce((s, e) => evolve(s, e as RecordedEvent & PurchaseEvent), initialState());
    return { state, version: events.length === 0 ? 0 : events[events.length - 1]!.streamVersion };
  }

  /** Load, decide, append at the loaded version; on a concurrent writer, decide again on the new state. */
  async function handle(purchaseId: string, command: PurchaseCommand, opts: { metadata?: EventMetadata; origin?: string } = {}) {
    for (let attempt = 0; ; attempt++) {
      const { state, version } = await load(purchaseId);
      const events = decide(command, state);
      if (events.length === 0) return { events: [] as RecordedEvent[], state };
      const completed = events.find((e): e is PurchaseCompleted => e.type === 'PurchaseCompleted');
      const outbox = completed && opts.origin ? await confirmation(completed.data, opts.origin) : [];
      try {
        const result = await deps.store.append(streamOf(purchaseId), version, events, { metadata: opts.metadata ?? {}, outbox });
        return { events: result.events, state: events.reduce(evolve, state) };
      } catch (error) {
        if (error instanceof ConcurrencyError && attempt < 8) continue;
        throw error;
      }
    }
  }

  async function confirmation(p: PurchaseCompleted['data'], origin: string) {
    const [buyer, product] = await Promise.all([deps.buyers(p.userId), deps.products(p.productKey)]);
    if (!buyer || !product) return [];
    const mail = confirmationMail({
      buyer, product, siteName: deps.siteName, now: now(),
      purchase: { purchaseId: p.purchaseId, amount: p.amount, currency: p.currency, accessUntil: new Date(p.accessUntil) },
      watchUrl: new URL(`/watch-video/${product.key}`, origin).href,
    });
    return [mailMessage(`purchase-confirmation:${p.purchaseId}`, mail)];
  }

  /** The user's paid purchase of a product whose access window is open now, if any. */
  async function activePurchase(userId: string, productKey: string) {
    const at = now();
    return deps.db.selectFrom('purchases').selectAll()
      .where('user_id', '=', userId).where('product_key', '=', productKey).where('status', '=', 'paid')
      .where('paid_at', '<=', at).where('access_until', '>', at)
      .orderBy('paid_at', 'desc').executeTakeFirst();
  }

  /** Records a paid provider session exactly once, however often and in whatever order it is reported. */
  async function fulfil(session: ProviderSession, opts: { origin: string; metadata?: EventMetadata }): Promise<'recorded' | 'already-recorded' | 'not-paid' | 'unknown'> {
    if (!session.paid) return 'not-paid';
    if (!session.purchaseId || !session.userId || !session.productKey) return 'unknown';
    const product = await deps.products(session.productKey);
    if (!product) return 'unknown';
    const { events } = await handle(session.purchaseId, {
      type: 'CompletePurchase',
      accessUntil: accessUntil(product.liveAt).toISOString(),
      payment: {
        purchaseId: session.purchaseId, userId: session.userId, productKey: session.productKey, currency: session.currency,
        amount: session.amount, provider: deps.provider.name, providerSessionId: session.id, paymentIntentId: session.paymentIntentId,
        paidAt: now().toISOString(),
      },
    }, opts);
    return events.length > 0 ? 'recorded' : 'already-recorded';
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

    /** The caller's own unpaid checkout, with what the dev checkout page shows. */
    async pendingCheckout(purchaseId: string, userId: string) {
      const { state } = await load(purchaseId);
      if (state.status !== 'pending' || state.checkout.userId !== userId) return null;
      const product = await deps.products(state.checkout.productKey);
      if (!product) return null;
      return { title: product.title, amount: state.checkout.amount, currency: state.checkout.currency };
    },

    /** The dev checkout's Pay button: completes the caller's own pending checkout with the catalogue amount. */
    async payDevCheckout(purchaseId: string, userId: string, origin: string) {
      const { state } = await load(purchaseId);
      if (state.status === 'none' || (state.status === 'pending' ? state.checkout.userId : state.purchase.userId) !== userId) return 'unknown' as const;
      if (state.status === 'paid') return 'already-recorded' as const;
      const c = state.checkout;
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
