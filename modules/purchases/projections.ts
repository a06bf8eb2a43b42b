import { sql, type Transaction } from 'kysely';
import type { Projection, RecordedEvent } from '../shared/events/index.ts';
import type { PurchaseEvent } from './purchase.ts';
import type { PurchasesTables } from './schema.ts';

const PURCHASE_EVENTS = new Set<string>(['CheckoutStarted', 'CheckoutExpired', 'PurchaseCompleted', 'DuplicatePaymentReceived', 'DuplicatePaymentRefunded',
  'PaymentMismatchReceived', 'AccessGranted', 'AccessRevoked', 'PlaybackStarted', 'RefundRequested', 'RefundCompleted', 'PurchaseAccessEnded']);
const isPurchaseEvent = (e: RecordedEvent): e is RecordedEvent & PurchaseEvent => PURCHASE_EVENTS.has(e.type);

/**
 * The old `amount` column in whole units, kept for its readers until they read `amount_minor` (exact integer
 * arithmetic: the cents are dropped, never rounded through a float).
 */
const wholeUnits = (minor: number) => (minor - (minor % 100)) / 100;

/** The purchases read model. Replay-safe: each event sets state rather than adding to it. */
export const purchasesProjection: Projection<PurchasesTables> = {
  name: 'purchases',
  tables: ['purchases', 'purchase_refunds'],
  async apply(tx, event) {
    if (!isPurchaseEvent(event)) return;
    const at = event.recordedAt;
    switch (event.type) {
      case 'CheckoutStarted': {
        const d = event.data;
        await tx.insertInto('purchases').values({
          purchase_id: d.purchaseId, user_id: d.userId, product_key: d.productKey, status: 'pending', price_id: d.priceId,
          currency: d.currency, amount: wholeUnits(d.amountMinor), amount_minor: d.amountMinor, provider: d.provider, provider_session_id: d.providerSessionId,
          payment_intent_id: null, started_at: d.startedAt, paid_at: null, access_until: null, playback_started_at: null, updated_at: at,
        }).onConflict((c) => c.column('purchase_id').doNothing()).execute();
        return;
      }
      case 'CheckoutExpired':
        await tx.updateTable('purchases').set({ status: 'expired', expired_at: event.data.expiredAt, updated_at: at })
          .where('purchase_id', '=', event.data.purchaseId).where('status', '=', 'pending').execute();
        return;
      case 'PurchaseCompleted':
      case 'DuplicatePaymentReceived':
      case 'PaymentMismatchReceived': {
        // Any may arrive without our CheckoutStarted (the webhook carries what the row needs).
        const d = event.data;
        const duplicate = 'ownedThrough' in d ? d.ownedThrough : null;
        const paid = {
          status: event.type === 'PaymentMismatchReceived' ? 'mismatch' as const : event.type === 'DuplicatePaymentReceived' ? 'refund_due' as const : 'paid' as const, currency: d.currency, amount: wholeUnits(d.amountMinor), amount_minor: d.amountMinor, payment_intent_id: d.paymentIntentId,
          paid_at: d.paidAt, access_until: 'accessUntil' in d ? d.accessUntil : null, owned_through: duplicate, updated_at: at,
        };
        await tx.insertInto('purchases').values({
          purchase_id: d.purchaseId, user_id: d.userId, product_key: d.productKey, price_id: null, provider: d.provider,
          provider_session_id: d.providerSessionId, started_at: null, playback_started_at: null, ...paid,
        }).onConflict((c) => c.column('purchase_id').doUpdateSet(paid)).execute();
        return;
      }
      case 'DuplicatePaymentRefunded':
        await tx.updateTable('purchases')
          .set({ status: 'refunded', provider_refund_id: event.data.providerRefundId, refunded_at: event.data.refundedAt, updated_at: at })
          .where('purchase_id', '=', event.data.purchaseId).execute();
        return;
      case 'AccessGranted': {
        const d = event.data;
        await tx.insertInto('purchases').values({
          purchase_id: d.purchaseId, user_id: d.userId, product_key: d.productKey, status: 'paid', price_id: null, currency: 'PLN', amount: 0,
          provider: 'grant', provider_session_id: d.purchaseId, payment_intent_id: null, started_at: d.grantedAt, paid_at: d.grantedAt,
          access_until: d.accessUntil, playback_started_at: null, grant_reason: d.reason, updated_at: at,
        }).onConflict((c) => c.column('purchase_id').doNothing()).execute();
        return;
      }
      case 'AccessRevoked':
        await tx.updateTable('purchases').set({ status: 'revoked', revoked_at: event.data.revokedAt, updated_at: at })
          .where('purchase_id', '=', event.data.purchaseId).execute();
        return;
      case 'RefundRequested': {
        const d = event.data;
        await tx.insertInto('purchase_refunds').values({
          refund_id: d.refundId, purchase_id: d.purchaseId, amount_minor: d.amountMinor, currency: d.currency, reason: d.reason,
          requested_by: d.requestedBy.kind, requested_by_user: d.requestedBy.kind === 'admin' ? d.requestedBy.userId : null, requested_at: d.at,
        }).onConflict((c) => c.column('refund_id').doNothing()).execute();
        await sumRefunds(tx, d.purchaseId, at);
        return;
      }
      case 'RefundCompleted':
        await tx.updateTable('purchase_refunds').set({ completed_at: event.data.at, provider_refund_id: event.data.providerRefundId })
          .where('refund_id', '=', event.data.refundId).where('completed_at', 'is', null).execute();
        await sumRefunds(tx, event.data.purchaseId, at);
        return;
      case 'PurchaseAccessEnded':
        await tx.updateTable('purchases').set({ status: 'ended', access_ended_at: event.data.at, updated_at: at })
          .where('purchase_id', '=', event.data.purchaseId).where('status', '=', 'paid').execute();
        return;
      case 'PlaybackStarted':
        await tx.updateTable('purchases').set({ playback_started_at: event.data.startedAt, updated_at: at })
          .where('purchase_id', '=', event.data.purchaseId).execute();
        return;
    }
  },
};

/** A purchase's refund sums, read again from its refunds (so replaying an event never counts it twice). */
async function sumRefunds(tx: Transaction<PurchasesTables>, purchaseId: string, at: Date | string) {
  await tx.updateTable('purchases').set({
    refunded_minor: sql<number>`(select coalesce(sum(amount_minor), 0) from purchase_refunds where purchase_id = ${purchaseId} and completed_at is not null)::int`,
    refund_pending_minor: sql<number>`(select coalesce(sum(amount_minor), 0) from purchase_refunds where purchase_id = ${purchaseId} and completed_at is null)::int`,
    updated_at: at,
  }).where('purchase_id', '=', purchaseId).execute();
}
