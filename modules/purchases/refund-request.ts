import type { Currency } from './ports.ts';

/**
 * The refund a withdrawal asks for, in the shape of the shared contract (issue 22): r2's refund.ts owns this event
 * and its outbox effect (Stripe's Refunds API keyed by refundId); this declaration stands in for it until merged.
 */
export type RefundRequested = {
  type: 'RefundRequested';
  data: {
    purchaseId: string; refundId: string; amountMinor: number; currency: Currency; reason: string;
    requestedBy: { kind: 'admin'; userId: string } | { kind: 'withdrawal' } | { kind: 'provider' };
    revokeAccess: boolean; at: string;
  };
};

/** Access to a purchase ended before its window (a withdrawal, or a refund that revokes it). */
export type PurchaseAccessEnded = { type: 'PurchaseAccessEnded'; data: { purchaseId: string; cause: 'refund' | 'withdrawal'; at: string } };
