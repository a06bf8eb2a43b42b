import type { PurchasesDeps } from './deps.ts';

/** A purchase of the buyer's with money given back (or on its way): what My Recordings shows of it. Minor units. */
export type BuyerRefund = {
  purchaseId: string; productKey: string; title: { pl: string; en: string } | null;
  refundedMinor: number; pendingMinor: number; currency: string; accessEnded: boolean;
};

/** The buyer's own refunds, newest purchase first, read from the purchases read model (projections.ts keeps the sums). */
export function refundViews(deps: Pick<PurchasesDeps, 'db' | 'ports'>) {
  return {
    async refundsOf(userId: string): Promise<BuyerRefund[]> {
      const rows = await deps.db.selectFrom('purchases')
        .select(['purchase_id', 'product_key', 'refunded_minor', 'refund_pending_minor', 'currency', 'status'])
        .where('user_id', '=', userId).where((eb) => eb.or([eb('refunded_minor', '>', 0), eb('refund_pending_minor', '>', 0)]))
        .orderBy('paid_at', 'desc').execute();
      return Promise.all(rows.map(async (r) => ({
        purchaseId: r.purchase_id, productKey: r.product_key, title: (await deps.ports.products(r.product_key))?.title ?? null,
        refundedMinor: r.refunded_minor, pendingMinor: r.refund_pending_minor, currency: r.currency, accessEnded: r.status === 'ended',
      })));
    },
  };
}
