import { resolve, sep } from 'node:path';
import type { Product } from '../catalogue/index.ts';
import { joinLinks } from '../meetings/index.ts';
import type { Tx } from '../shared/events/index.ts';
import { DomainError, loadState } from '../shared/kernel/index.ts';
import { hasAccess, liveEndOf, withinAccessWindow } from './access.ts';
import type { PurchasesDeps } from './deps.ts';
import type { ProductForSale } from './ports.ts';
import { ownershipDecider, ownershipStreamOf } from './ownership.ts';
import { buyerOf, purchaseDecider, streamOf } from './purchase.ts';
import { refundIdDecider, refundIdStreamOf } from './refund-ids.ts';
import { signRecordingPath, verifyRecordingLink } from './recording-links.ts';
import { watchAccess, watchView, type WatchView } from './watch.ts';

/** What the dev checkout page shows for one of the caller's purchases. */
export type DevCheckoutView = { status: 'open' | 'paid' | 'expired' | 'owned'; productKey: string; title: { pl: string; en: string }; amountMinor: number; currency: string };

/** My Recordings: each product the user paid for once, newest purchase first. */
/** `purchaseId` and `paidAt` of the newest purchase shown (its invoice, issue 23). */
export type Library = { product: Product; accessUntil: Date | null; purchaseId: string; paidAt: Date | null }[];

/** Everything the watch page renders, decided here. */
export type WatchDecision = {
  product: Product;
  view: WatchView;
  links: { watchURL?: string; meetLink?: string };
  playbackStarted: boolean;
  /** The instant the decision was made (the countdown's first render). */
  at: Date;
};

/** Where a purchase stands at an instant, for the join link and reminders (meetings): `ended` covers refunds, withdrawals, revoked grants and a closed window. */
export type PurchaseStanding = { purchaseId: string; userId: string; productKey: string; standing: 'active' | 'ended' | 'none' };

/**
 * The recording and live links of a product, for a buyer already known to be inside the access window through
 * `purchaseId`. The live link is the buyer's personal join link (meetings), never the meeting's own URL: that one is
 * handed out only by the join link's redirect, after the buyer's access is checked again.
 */
function linksOf(product: ProductForSale, purchase: { userId: string; purchaseId: string }, deps: PurchasesDeps, now: Date) {
  const recording = product.recordingLink;
  return {
    ...(recording ? { watchURL: recording.startsWith('media:') ? signRecordingPath(deps.secret, product.key, purchase.userId, now) : recording } : {}),
    ...(product.liveLink ? { meetLink: joinLinks(deps.secret, deps.ports.origin).joinLink(purchase.purchaseId) } : {}),
  };
}

export function purchasesQueries(deps: PurchasesDeps) {
  const { db, ports } = deps;

  /** The user's paid purchase of a product whose access window is open at `at` (now by default), if any. */
  const activePurchase = (userId: string, productKey: string, at = deps.clock()) =>
    db.selectFrom('purchases').selectAll().where('user_id', '=', userId).where('product_key', '=', productKey)
      .where(withinAccessWindow(at)).orderBy('paid_at', 'desc').executeTakeFirst();

  /** Paid purchases of a user, newest first, for the profile. */
  const purchasesOf = (userId: string) =>
    db.selectFrom('purchases').select(['purchase_id', 'product_key', 'paid_at', 'access_until', 'playback_started_at', 'amount', 'currency'])
      .where('user_id', '=', userId).where('status', '=', 'paid').orderBy('paid_at', 'desc').execute();

  /**
   * The purchase that owns a product for a buyer, and the ownership stream's version, read inside `tx` when given.
   * A purchase paid before ownership streams existed owns its product too.
   */
  async function ownerOf(userId: string, productKey: string, tx?: Tx) {
    const { state, version } = await loadState(deps, ownershipDecider, ownershipStreamOf(userId, productKey), tx);
    if (version > 0) return { owner: state.owner, version };
    const earlier = await ((tx as unknown as typeof db | undefined) ?? db).selectFrom('purchases').select('purchase_id').where('user_id', '=', userId)
      .where('product_key', '=', productKey).where('status', '=', 'paid').orderBy('paid_at').executeTakeFirst();
    return { owner: earlier?.purchase_id ?? null, version };
  }

  const load = (purchaseId: string) => loadState(deps, purchaseDecider, streamOf(purchaseId));

  /**
   * The purchase a refund id belongs to, and its claim stream's version, read inside `tx` when given. A refund made
   * before refund ids were claimed belongs to the purchase the refunds table names.
   */
  async function refundIdHolder(refundId: string, tx?: Tx) {
    const { state, version } = await loadState(deps, refundIdDecider, refundIdStreamOf(refundId), tx);
    if (version > 0) return { purchaseId: state.purchaseId, version };
    const earlier = await ((tx as unknown as typeof db | undefined) ?? db).selectFrom('purchase_refunds').select('purchase_id')
      .where('refund_id', '=', refundId).executeTakeFirst();
    return { purchaseId: earlier?.purchase_id ?? null, version };
  }

  return {
    activePurchase,
    purchasesOf,
    ownerOf,
    refundIdHolder,
    load,

    /** My Recordings: every product the user has paid for, once each (its newest purchase), newest first. */
    async library(userId: string): Promise<Library> {
      const seen = new Set<string>();
      const newest = (await purchasesOf(userId)).filter((p) => !seen.has(p.product_key) && seen.add(p.product_key));
      const shown = await Promise.all(newest.map(async (p) => ({
        product: await ports.listing(p.product_key), accessUntil: p.access_until, purchaseId: p.purchase_id, paidAt: p.paid_at ? new Date(p.paid_at) : null,
      })));
      return shown.filter((s): s is Library[number] => s.product !== null);
    },

    /** The watch page's decision for a visitor (null: signed out) and a product; null for an unknown product. */
    async watchDecision(userId: string | null, productKey: string): Promise<WatchDecision | null> {
      const [product, forSale] = await Promise.all([ports.listing(productKey), ports.products(productKey)]);
      if (!product || !forSale) return null;
      const at = deps.clock();
      const paid = userId ? (await purchasesOf(userId)).filter((p) => p.product_key === productKey) : [];
      const access = watchAccess(paid.map((p) => ({ paidAt: p.paid_at, accessUntil: p.access_until })), at);
      const owning = userId ? paid.find((p) => hasAccess({ paidAt: p.paid_at, accessUntil: p.access_until }, at)) : undefined;
      const links = access.kind === 'active' && userId && owning ? linksOf(forSale, { userId, purchaseId: owning.purchase_id }, deps, at) : {};
      const joinOpensAt = forSale.joinOpensAt ?? forSale.liveAt;
      const view = watchView({ access, liveAt: liveEndOf(forSale), joinOpensAt, hasRecording: Boolean(links.watchURL), hasLiveLink: Boolean(links.meetLink), now: at }, ports.isEventOver);
      const playbackStarted = paid.some((p) => p.playback_started_at !== null && hasAccess({ paidAt: p.paid_at, accessUntil: p.access_until }, at));
      return { product, view, links, playbackStarted, at };
    },

    /**
     * The recording and live links, for an owner inside the access window only: a fresh signed URL for
     * a recording we serve, the stored URL otherwise. Everyone else gets nothing.
     */
    async linksFor(userId: string | null, productKey: string): Promise<{ watchURL?: string; meetLink?: string }> {
      const at = deps.clock();
      const active = userId ? await activePurchase(userId, productKey, at) : undefined;
      if (!userId || !active) return {};
      const product = await ports.products(productKey);
      return product ? linksOf(product, { userId, purchaseId: active.purchase_id }, deps, at) : {};
    },

    /** One purchase at `at`: whose, of what, and whether it gives access then (meetings' join link and reminders). */
    async purchaseStanding(purchaseId: string, at = deps.clock()): Promise<PurchaseStanding | null> {
      const row = await db.selectFrom('purchases').select(['purchase_id', 'user_id', 'product_key', 'status', 'paid_at', 'access_until'])
        .where('purchase_id', '=', purchaseId).executeTakeFirst();
      if (!row) return null;
      const ended = ['paid', 'refunded', 'revoked', 'ended'].includes(row.status);
      const standing = hasAccess({ paidAt: row.paid_at, accessUntil: row.access_until }, at) && row.status === 'paid' ? 'active' : ended ? 'ended' : 'none';
      return { purchaseId: row.purchase_id, userId: row.user_id, productKey: row.product_key, standing };
    },

    /**
     * The file of a recording for a signed link: the owner it names must be inside the access window now,
     * and the file must lie under MEDIA_DIR. Refuses with `no-access` or `recording-not-found`.
     */
    async recordingAccess(productKey: string, link: URLSearchParams): Promise<string> {
      const at = deps.clock();
      const signed = verifyRecordingLink(deps.secret, productKey, link, at);
      if (!signed.ok || !(await activePurchase(signed.userId, productKey, at))) throw new DomainError('no-access');
      const recording = (await ports.products(productKey))?.recordingLink;
      if (!recording?.startsWith('media:')) throw new DomainError('recording-not-found');
      const mediaDir = resolve(deps.mediaDir);
      const path = resolve(mediaDir, recording.slice('media:'.length));
      if (!path.startsWith(mediaDir + sep)) throw new DomainError('no-access');
      return path;
    },

    /** One of the caller's own dev checkouts, and whether it can still be paid; null for anyone else's or an unknown one. */
    async devCheckout(purchaseId: string, userId: string): Promise<DevCheckoutView | null> {
      const { state } = await load(purchaseId);
      const own = buyerOf(state);
      // A grant by hand is no checkout.
      if (!own || own.userId !== userId || !('amountMinor' in own)) return null;
      const product = await ports.products(own.productKey);
      if (!product) return null;
      const ownedElsewhere = async () => ![null, purchaseId].includes((await ownerOf(userId, own.productKey)).owner);
      const status = state.status === 'paid' ? 'paid' : state.status !== 'pending' && state.status !== 'expired' ? 'owned'
        : (await ownedElsewhere()) ? 'owned' : state.status === 'expired' ? 'expired' : 'open';
      return { status, productKey: product.key, title: product.title, amountMinor: own.amountMinor, currency: own.currency };
    },

    /** Open checkouts of a buyer (for one product, or at one provider), to close or to reconcile. */
    pendingCheckouts(userId: string, filter: { productKey?: string; provider?: string }) {
      let query = db.selectFrom('purchases').select(['purchase_id', 'provider', 'provider_session_id'])
        .where('user_id', '=', userId).where('status', '=', 'pending');
      if (filter.productKey) query = query.where('product_key', '=', filter.productKey);
      if (filter.provider) query = query.where('provider', '=', filter.provider);
      return query.execute();
    },

    /** Duplicate payments still owed back (optionally one buyer's, or those due for at least `minAgeMs`). */
    async dueRefunds(opts: { userId?: string; minAgeMs?: number; limit?: number }) {
      let query = db.selectFrom('purchases').select('purchase_id').where('status', '=', 'refund_due');
      if (opts.userId) query = query.where('user_id', '=', opts.userId);
      if (opts.minAgeMs) query = query.where('updated_at', '<=', new Date(deps.clock().getTime() - opts.minAgeMs));
      return (await query.orderBy('paid_at').limit(opts.limit ?? 20).execute()).map((r) => r.purchase_id);
    },
  };
}

export type PurchasesQueries = ReturnType<typeof purchasesQueries>;
