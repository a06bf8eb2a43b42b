import { DomainError, type Decider } from '../shared/kernel/index.ts';

/**
 * A refund id belongs to one purchase: a stream per id, `refund-id-<refundId>`, claimed in the same transaction as the
 * refund's first event. The refunds table, the buyer's notice, the correction invoice and the provider's
 * Idempotency-Key all name the refund by its id, so the same id on a second purchase would end that buyer's access and
 * move no money; of two purchases racing for one id, the second append fails on the stream's version, is decided
 * again, and is refused.
 */
export type RefundIdClaimed = { type: 'RefundIdClaimed'; data: { refundId: string; purchaseId: string; userId: string; claimedAt: string } };

export type RefundIdState = { purchaseId: string | null };

export type ClaimRefundId = { type: 'ClaimRefundId'; refundId: string; purchaseId: string; userId: string; at: string };

/** The same purchase claiming its id again changes nothing; another purchase is refused with `refund-id-taken`. */
export function decideRefundId(command: ClaimRefundId, state: RefundIdState): RefundIdClaimed[] {
  if (state.purchaseId === command.purchaseId) return [];
  if (state.purchaseId !== null) throw new DomainError('refund-id-taken');
  return [{ type: 'RefundIdClaimed', data: { refundId: command.refundId, purchaseId: command.purchaseId, userId: command.userId, claimedAt: command.at } }];
}

export const refundIdStreamOf = (refundId: string) => `refund-id-${refundId}`;

export const refundIdDecider: Decider<ClaimRefundId, RefundIdClaimed, RefundIdState> = {
  decide: decideRefundId,
  evolve: (state, event) => (state.purchaseId === null ? { purchaseId: event.data.purchaseId } : state),
  initialState: () => ({ purchaseId: null }),
  concerns: { RefundIdClaimed: (e) => [e.data.userId] },
};
