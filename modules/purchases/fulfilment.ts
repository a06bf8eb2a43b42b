import { sql } from 'kysely';
import { mailMessage } from '../mailing/index.ts';
import type { EventMetadata } from '../shared/events/index.ts';
import { accessUntil } from './access.ts';
import { confirmationMail } from './confirmation-mail.ts';
import type { HandleOptions, purchaseHandling } from './handling.ts';
import type { PurchaseEvent } from './purchase.ts';
import type { ProviderSession } from './providers.ts';
import { refundMail } from './refund-mail.ts';
import type { PurchasesDeps } from './service.ts';

/** Two-key advisory locks (namespace, hashtext(purchase id)) never collide with the event store's one-key append lock. */
const REFUND_LOCK = 7_300_101;

export type FulfilResult = 'recorded' | 'already-recorded' | 'duplicate-refunded' | 'refund-pending' | 'not-paid' | 'unknown';
export type RefundResult = 'refunded' | 'already-refunded' | 'in-progress' | 'nothing-due';

/** Recording payments: the confirmation for the owner, an automatic refund and its notice for a second payment. */
export function fulfilment(deps: PurchasesDeps, handling: ReturnType<typeof purchaseHandling>, now: () => Date) {
  /** The mail for whatever the decision turns out to be, prepared before the transaction. */
  async function mailFor(userId: string, productKey: string, origin: string): Promise<HandleOptions['outbox']> {
    const [buyer, product] = await Promise.all([deps.buyers(userId), deps.products(productKey)]);
    if (!buyer || !product) return () => [];
    const watchUrl = new URL(`/watch-video/${product.key}`, origin).href;
    return (events: PurchaseEvent[]) => events.flatMap((e) => {
      if (e.type === 'PurchaseCompleted') {
        const p = e.data;
        return [mailMessage(`purchase-confirmation:${p.purchaseId}`, confirmationMail({
          buyer, product, siteName: deps.siteName, now: now(), watchUrl,
          purchase: { purchaseId: p.purchaseId, amount: p.amount, currency: p.currency, accessUntil: new Date(p.accessUntil) },
        }))];
      }
      if (e.type === 'DuplicatePaymentRefunded') {
        return [mailMessage(`purchase-duplicate-refund:${e.data.purchaseId}`, refundMail({ buyer, product, siteName: deps.siteName, watchUrl, refund: e.data }))];
      }
      return [];
    });
  }

  /**
   * Gives a duplicate payment back and records it. One caller at a time per purchase (a transaction-scoped
   * advisory lock, so across server instances too): the others answer 'in-progress' instead of asking the
   * provider again. A provider failure throws and leaves the refund due, to be retried (see settleDueRefunds).
   */
  async function settleRefund(purchaseId: string, opts: { origin: string; metadata?: EventMetadata }): Promise<RefundResult> {
    const before = (await handling.load(purchaseId)).state;
    if (before.status !== 'refundDue') return before.status === 'refunded' ? 'already-refunded' : 'nothing-due';
    const outbox = await mailFor(before.payment.userId, before.payment.productKey, opts.origin);
    const result = await deps.db.transaction().execute(async (tx) => {
      const lock = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${REFUND_LOCK}, hashtext(${purchaseId})) as locked`.execute(tx);
      if (!lock.rows[0]?.locked) return 'in-progress' as const;
      const { state } = await handling.load(purchaseId, tx);
      if (state.status !== 'refundDue') return state.status === 'refunded' ? 'already-refunded' as const : 'nothing-due' as const;
      const p = state.payment;
      const refund = await deps.provider.refund({ purchaseId, paymentIntentId: p.paymentIntentId, amount: p.amount, currency: p.currency });
      return handling.decideAndAppend(tx, purchaseId, { type: 'RecordRefund', purchaseId, refund, at: now().toISOString() }, { metadata: opts.metadata ?? {}, outbox });
    });
    if (typeof result === 'string') return result;
    deps.store.committed(result.events);
    return 'refunded';
  }

  /** Records a paid provider session exactly once, however often and in whatever order it is reported. */
  async function fulfil(session: ProviderSession, opts: { origin: string; metadata?: EventMetadata }): Promise<FulfilResult> {
    if (!session.paid) return 'not-paid';
    if (!session.purchaseId || !session.userId || !session.productKey) return 'unknown';
    const product = await deps.products(session.productKey);
    if (!product) return 'unknown';
    const { events, state } = await handling.handle(session.purchaseId, {
      type: 'CompletePurchase',
      accessUntil: accessUntil(product.liveAt).toISOString(),
      payment: {
        purchaseId: session.purchaseId, userId: session.userId, productKey: session.productKey, currency: session.currency,
        amount: session.amount, provider: deps.provider.name, providerSessionId: session.id, paymentIntentId: session.paymentIntentId,
        paidAt: now().toISOString(),
      },
    }, { metadata: opts.metadata ?? {}, outbox: await mailFor(session.userId, session.productKey, opts.origin) });
    if (state.status === 'refundDue') {
      // Every report of a duplicate payment tries the refund until one succeeds: a failed attempt throws, so the webhook is redelivered.
      const refunded = await settleRefund(session.purchaseId, opts);
      if (refunded === 'refunded') return 'duplicate-refunded';
      if (refunded === 'in-progress') return 'refund-pending';
    }
    return events.length > 0 ? 'recorded' : 'already-recorded';
  }

  /**
   * Retries refunds still due (a provider failure earlier), optionally for one buyer only, or only those due for
   * at least `minAgeMs` (leaving a fresh one to the delivery handling it); a failure is reported, not thrown.
   */
  async function settleDueRefunds(opts: { origin: string; userId?: string; minAgeMs?: number; limit?: number; onError?: (purchaseId: string, error: unknown) => void }) {
    let query = deps.db.selectFrom('purchases').select('purchase_id').where('status', '=', 'refund_due');
    if (opts.userId) query = query.where('user_id', '=', opts.userId);
    if (opts.minAgeMs) query = query.where('updated_at', '<=', new Date(now().getTime() - opts.minAgeMs));
    const due = await query.orderBy('paid_at').limit(opts.limit ?? 20).execute();
    let refunded = 0;
    for (const { purchase_id } of due) {
      try {
        if ((await settleRefund(purchase_id, { origin: opts.origin, metadata: { actor: 'refund-retry' } })) === 'refunded') refunded += 1;
      } catch (error) {
        opts.onError?.(purchase_id, error);
      }
    }
    return refunded;
  }

  return { fulfil, settleRefund, settleDueRefunds };
}
