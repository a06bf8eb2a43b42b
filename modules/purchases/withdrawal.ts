/**
 * Withdrawing from a purchase (the Directive's Art. 11a withdrawal function): one decision on the purchase stream
 * records the statement, asks for the refund (the full payment, or what remains after the share of a live service
 * already provided) and ends access at once. The stream's version decides between a withdrawal and a refund racing it.
 */
import { DomainError } from '../shared/kernel/index.ts';
import type { Currency } from './ports.ts';
import { refundDecisions, type PurchaseAccessEnded, type RefundEvent, type RefundLedger } from './refund.ts';
import type { ConsentKind } from './withdrawal-period.ts';
import { withdrawalRight, type RightProduct, type WithdrawalRight } from './withdrawal-right.ts';

export type WithdrawalReceived = {
  type: 'WithdrawalReceived';
  /**
   * `statement`: who withdraws from what. The buyer's name and e-mail stay in the accounts module (erasable): the
   * event names the buyer by id, and the acknowledgement mail writes out the name and address as they were then.
   */
  data: {
    purchaseId: string; statement: { buyer: string; purchase: string }; receivedAt: string; via: 'account' | 'link';
    proRataMinor: number; refundMinor: number; currency: Currency;
  };
};
export type WithdrawalEvent = WithdrawalReceived | RefundEvent;

/** `refundId` is made by the caller, so a retried decision asks for the same refund. */
export type Withdraw = {
  type: 'Withdraw'; purchaseId: string; via: 'account' | 'link'; product: RightProduct; consents: readonly ConsentKind[];
  refundId: string; at: string;
  /** The provider needs no call (the dev checkout): the refund is completed in the same decision (refunds.ts `settledAtOnce`). */
  settled?: { providerRefundId: string };
};

export type WithdrawalRule =
  | 'withdrawal-not-purchase' | 'withdrawal-exists' | 'withdrawal-refunded' | 'withdrawal-period-over' | 'withdrawal-right-ended';

/** What withdrawing needs of the purchase state (the paid branch of purchase.ts's state). */
export type Withdrawable = {
  status: string;
  purchase?: { purchaseId: string; userId: string; productKey: string; amountMinor: number; currency: Currency; paidAt: string; provider: string };
  playbackStartedAt?: string | null;
  withdrawal?: WithdrawalReceived['data'];
  refunds?: RefundLedger;
};

/** The right as it stands for a paid purchase's state (the caller checked it is one). */
export function rightOf(state: Withdrawable, product: RightProduct, consents: readonly ConsentKind[], now: Date): WithdrawalRight {
  const p = state.purchase!;
  return withdrawalRight({
    paidAt: new Date(p.paidAt), amountMinor: p.amountMinor, currency: p.currency, consents,
    playbackStartedAt: state.playbackStartedAt ? new Date(state.playbackStartedAt) : null,
  }, product, now);
}

/** Refuses what may not be withdrawn from, most specific first; answers the right when it is open. */
export function refuseWithdrawal(state: Withdrawable, product: RightProduct, consents: readonly ConsentKind[], now: Date) {
  if (state.status === 'granted' || state.status === 'revoked') throw new DomainError<WithdrawalRule>('withdrawal-not-purchase');
  if (state.status !== 'paid' || !state.purchase) throw new DomainError('not-paid');
  if (state.withdrawal) throw new DomainError<WithdrawalRule>('withdrawal-exists');
  if (state.refunds?.accessEndedAt || (state.refunds?.requestedMinor ?? 0) > 0) throw new DomainError<WithdrawalRule>('withdrawal-refunded');
  const right = rightOf(state, product, consents, now);
  if (!right.open) throw new DomainError<WithdrawalRule>(right.ended === 'period-over' ? 'withdrawal-period-over' : 'withdrawal-right-ended', { ended: right.ended });
  return right;
}

export function withdrawalDecisions(command: Withdraw, state: Withdrawable): WithdrawalEvent[] {
  const right = refuseWithdrawal(state, command.product, command.consents, new Date(command.at));
  const { purchaseId, at } = command;
  const received: WithdrawalReceived = { type: 'WithdrawalReceived', data: {
    purchaseId, statement: { buyer: state.purchase!.userId, purchase: state.purchase!.productKey }, receivedAt: at, via: command.via,
    proRataMinor: right.proRataMinor, refundMinor: right.refundMinor, currency: right.currency,
  } };
  // The refund follows the refund rules (refund.ts), which also end access for a withdrawal; with nothing to give back
  // (the whole service was provided) no refund is asked for, and access ends all the same.
  const { userId, productKey } = state.purchase!;
  const after = { ...state, status: 'paid' as const, purchase: state.purchase! };
  const rest: RefundEvent[] = right.refundMinor > 0
    ? refundDecisions({ type: 'RequestRefund', purchaseId, refundId: command.refundId, amountMinor: right.refundMinor, reason: '',
      requestedBy: { kind: 'withdrawal' }, revokeAccess: true, at, ...(command.settled ? { settled: command.settled } : {}) }, after)
    : [{ type: 'PurchaseAccessEnded', data: { purchaseId, userId, productKey, cause: 'withdrawal', at } } satisfies PurchaseAccessEnded];
  return [received, ...rest];
}
