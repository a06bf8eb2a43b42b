import type { Projection, RecordedEvent } from '../shared/events/index.ts';
import type { PurchaseEvent } from './purchase.ts';

const isPurchaseEvent = (e: RecordedEvent): e is RecordedEvent & PurchaseEvent =>
  e.type === 'CheckoutStarted' || e.type === 'PurchaseCompleted' || e.type === 'PlaybackStarted';

/** The purchases read model. Replay-safe: each event sets state rather than adding to it. */
export const purchasesProjection: Projection = {
  name: 'purchases',
  tables: ['purchases'],
  async apply(tx, event) {
    if (!isPurchaseEvent(event)) return;
    const at = event.recordedAt;
    switch (event.type) {
      case 'CheckoutStarted': {
        const d = event.data;
        await tx.insertInto('purchases').values({
          purchase_id: d.purchaseId, user_id: d.userId, product_key: d.productKey, status: 'pending', price_id: d.priceId,
          currency: d.currency, amount: d.amount, provider: d.provider, provider_session_id: d.providerSessionId,
          payment_intent_id: null, started_at: d.startedAt, paid_at: null, access_until: null, playback_started_at: null, updated_at: at,
        }).onConflict((c) => c.column('purchase_id').doNothing()).execute();
        return;
      }
      case 'PurchaseCompleted': {
        const d = event.data;
        const paid = {
          status: 'paid' as const, currency: d.currency, amount: d.amount, payment_intent_id: d.paymentIntentId,
          paid_at: d.paidAt, access_until: d.accessUntil, updated_at: at,
        };
        await tx.insertInto('purchases').values({
          purchase_id: d.purchaseId, user_id: d.userId, product_key: d.productKey, price_id: null, provider: d.provider,
          provider_session_id: d.providerSessionId, started_at: null, playback_started_at: null, ...paid,
        }).onConflict((c) => c.column('purchase_id').doUpdateSet(paid)).execute();
        return;
      }
      case 'PlaybackStarted':
        await tx.updateTable('purchases').set({ playback_started_at: event.data.startedAt, updated_at: at })
          .where('purchase_id', '=', event.data.purchaseId).execute();
        return;
    }
  },
};
