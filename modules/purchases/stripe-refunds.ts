import Stripe from 'stripe';
import type { Currency } from './ports.ts';

/** One refund at the provider, as our ledger records it: `refundId` is ours when we asked for it (null: made in its dashboard). */
export type ProviderRefundReport = { providerRefundId: string; refundId: string | null; amountMinor: number; currency: Currency; purchaseId: string | null };

/** What a refund of part or all of a payment needs; `refundId` is the Idempotency-Key, so asking twice moves the money once. */
export type PartialRefundRequest = { purchaseId: string; refundId: string; paymentIntentId: string | null; amountMinor: number; currency: Currency };

// A refund Stripe failed or cancelled gave nothing back; pending and requires_action ones are on their way.
const GIVEN_BACK = new Set(['succeeded', 'pending', 'requires_action']);

const report = (r: Stripe.Refund): ProviderRefundReport => ({
  providerRefundId: r.id, refundId: r.metadata?.refundId ?? null, amountMinor: r.amount, currency: r.currency.toUpperCase() as Currency,
  purchaseId: r.metadata?.purchaseId ?? null,
});

/** Refunds through Stripe's Refunds API (the official SDK), by our refund id. */
export function stripeRefunds(stripe: Stripe) {
  /** Every refund of a payment that gives money back, newest first. */
  async function refundsOf(paymentIntentId: string): Promise<ProviderRefundReport[]> {
    const found: ProviderRefundReport[] = [];
    for await (const refund of stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 })) {
      if (GIVEN_BACK.has(refund.status ?? '')) found.push(report(refund));
    }
    return found;
  }
  return {
    refundsOf,
    /**
     * Gives `amountMinor` back. Stripe keeps an Idempotency-Key for a day only, so a retry first looks for a refund
     * carrying our id in its metadata: one found is ours, and nothing is sent again.
     */
    async refundPart(r: PartialRefundRequest): Promise<ProviderRefundReport> {
      if (!r.paymentIntentId) throw new Error(`purchase ${r.purchaseId}: a Stripe payment without a payment intent cannot be refunded automatically`);
      const earlier = (await refundsOf(r.paymentIntentId)).find((x) => x.refundId === r.refundId);
      if (earlier) return earlier;
      const refund = await stripe.refunds.create(
        { payment_intent: r.paymentIntentId, amount: r.amountMinor, reason: 'requested_by_customer', metadata: { purchaseId: r.purchaseId, refundId: r.refundId } },
        { idempotencyKey: `refund:${r.purchaseId}:${r.refundId}` },
      );
      return report(refund);
    },
  };
}
