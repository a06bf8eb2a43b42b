/**
 * Refunds of a paid purchase, from any side: the admin (full or partial, with a reason), a withdrawal from the
 * contract (r3's withdrawal.ts calls `refundDecisions`), or the provider itself (a refund made in Stripe's dashboard,
 * reported by its `charge.refunded` webhook). Each refund has an id of its own (`refundId`), which is also the
 * provider's Idempotency-Key, so a repeated or concurrent request records it once and the money moves once.
 * A full refund, or one asked to (`revokeAccess`), ends access at once.
 */
import { DomainError } from '../shared/kernel/index.ts';
import type { Currency } from './ports.ts';

export type RefundRequester = { kind: 'admin'; userId: string } | { kind: 'withdrawal' } | { kind: 'provider' };

export type RefundRequested = {
  type: 'RefundRequested';
  data: { purchaseId: string; userId: string; productKey: string; refundId: string; amountMinor: number; currency: Currency; reason: string;
    requestedBy: RefundRequester; revokeAccess: boolean; at: string };
};
export type RefundCompleted = {
  type: 'RefundCompleted';
  data: { purchaseId: string; userId: string; productKey: string; refundId: string; providerRefundId: string; amountMinor: number; currency: Currency; at: string };
};
/** The buyer (`userId`) and product are ids, never personal data: the audit trail files refunds under the product. */
export type PurchaseAccessEnded = {
  type: 'PurchaseAccessEnded'; data: { purchaseId: string; userId: string; productKey: string; cause: 'refund' | 'withdrawal'; at: string };
};
export type RefundEvent = RefundRequested | RefundCompleted | PurchaseAccessEnded;

/** What a paid purchase knows of its refunds: sums in minor units of the payment's currency. */
export type RefundLedger = {
  requestedMinor: number;
  completedMinor: number;
  refunds: Record<string, { amountMinor: number; completed: boolean }>;
  providerRefundIds: string[];
  accessEndedAt: string | null;
};
export const emptyLedger = (): RefundLedger => ({ requestedMinor: 0, completedMinor: 0, refunds: {}, providerRefundIds: [], accessEndedAt: null });

export function evolveLedger(ledger: RefundLedger, event: RefundEvent): RefundLedger {
  switch (event.type) {
    case 'RefundRequested':
      if (ledger.refunds[event.data.refundId]) return ledger;
      return { ...ledger, requestedMinor: ledger.requestedMinor + event.data.amountMinor,
        refunds: { ...ledger.refunds, [event.data.refundId]: { amountMinor: event.data.amountMinor, completed: false } } };
    case 'RefundCompleted': {
      const refund = ledger.refunds[event.data.refundId];
      if (!refund || refund.completed) return ledger;
      return { ...ledger, completedMinor: ledger.completedMinor + refund.amountMinor, providerRefundIds: [...ledger.providerRefundIds, event.data.providerRefundId],
        refunds: { ...ledger.refunds, [event.data.refundId]: { ...refund, completed: true } } };
    }
    case 'PurchaseAccessEnded': return ledger.accessEndedAt ? ledger : { ...ledger, accessEndedAt: event.data.at };
    default: { const never: never = event; return never; }
  }
}

/**
 * Asks for money back. `refundId` makes it idempotent (the same id again records nothing). `settled`: the provider
 * needs no call (the dev checkout), so the refund is completed in the same decision.
 */
export type RequestRefund = {
  type: 'RequestRefund'; purchaseId: string; refundId: string; amountMinor: number; reason: string;
  requestedBy: RefundRequester; revokeAccess: boolean; at: string; settled?: { providerRefundId: string };
};
/**
 * The provider reports a refund done: ours (`refundId` known) or one it made itself (`refundId` null, e.g. from its
 * dashboard), recorded once per `providerRefundId` however often and in whatever order it is reported.
 */
export type CompleteRefund = {
  type: 'CompleteRefund'; purchaseId: string; refundId: string | null; providerRefundId: string; amountMinor: number; currency: Currency; at: string;
};
export type RefundCommand = RequestRefund | CompleteRefund;

export type RefundRule = 'refund-not-paid' | 'refund-invalid-amount' | 'refund-exceeds-paid' | 'refund-already-full' | 'refund-reason-missing';

/** The state a refund is decided on: a paid purchase's payment and ledger, or anything else (refused). */
type Refundable =
  | { status: 'paid'; purchase: Buyer & { amountMinor: number; currency: Currency; provider: string }; refunds?: RefundLedger }
  | { status: string };

type Buyer = { userId: string; productKey: string };

/** What was paid, in minor units (older payments' events are upcast to carry it: upcasts.ts). */
export const paidMinor = (purchase: { amountMinor: number }) => purchase.amountMinor;

const ended = (ledger: RefundLedger, paid: number, cause: 'refund' | 'withdrawal', of: Buyer & { purchaseId: string }, at: string, forced: boolean): PurchaseAccessEnded[] =>
  ledger.accessEndedAt === null && (forced || ledger.requestedMinor >= paid)
    ? [{ type: 'PurchaseAccessEnded', data: { purchaseId: of.purchaseId, userId: of.userId, productKey: of.productKey, cause, at } }] : [];

/**
 * The refund rules: only a paid purchase is refunded (a grant by hand or an unpaid checkout: `refund-not-paid`); an
 * amount is a positive integer of minor units (`refund-invalid-amount`), never more than paid minus refunded
 * (`refund-exceeds-paid`, or `refund-already-full` when nothing is left); the admin gives a reason. A full refund, or
 * `revokeAccess`, ends access in the same decision (cause `withdrawal` when a withdrawal asked).
 */
export function refundDecisions(command: RefundCommand, state: Refundable): RefundEvent[] {
  if (state.status !== 'paid' || !('purchase' in state)) {
    if (command.type === 'CompleteRefund') return [];
    throw new DomainError<RefundRule>('refund-not-paid');
  }
  const { purchase } = state;
  const ledger = state.refunds ?? emptyLedger();
  const paid = paidMinor(purchase);
  const of = { purchaseId: command.purchaseId, userId: purchase.userId, productKey: purchase.productKey };
  if (command.type === 'CompleteRefund') return complete(command, ledger, paid, purchase.currency, of);
  if (ledger.refunds[command.refundId]) return [];
  if (!Number.isSafeInteger(command.amountMinor) || command.amountMinor <= 0) throw new DomainError<RefundRule>('refund-invalid-amount');
  const left = paid - ledger.requestedMinor;
  if (left <= 0) throw new DomainError<RefundRule>('refund-already-full');
  if (command.amountMinor > left) throw new DomainError<RefundRule>('refund-exceeds-paid', { leftMinor: left, currency: purchase.currency });
  if (command.requestedBy.kind === 'admin' && command.reason.trim() === '') throw new DomainError<RefundRule>('refund-reason-missing');
  const requested: RefundRequested = { type: 'RefundRequested', data: {
    ...of, refundId: command.refundId, amountMinor: command.amountMinor, currency: purchase.currency,
    reason: command.reason.trim(), requestedBy: command.requestedBy, revokeAccess: command.revokeAccess, at: command.at,
  } };
  const after = evolveLedger(ledger, requested);
  const cause = command.requestedBy.kind === 'withdrawal' ? 'withdrawal' : 'refund';
  const settled: RefundCompleted[] = command.settled ? [{ type: 'RefundCompleted', data: {
    ...of, refundId: command.refundId, providerRefundId: command.settled.providerRefundId,
    amountMinor: command.amountMinor, currency: purchase.currency, at: command.at,
  } }] : [];
  return [requested, ...settled, ...ended(after, paid, cause, of, command.at, command.revokeAccess)];
}

function complete(command: CompleteRefund, ledger: RefundLedger, paid: number, currency: Currency, of: Buyer & { purchaseId: string }): RefundEvent[] {
  if (ledger.providerRefundIds.includes(command.providerRefundId)) return [];
  const ours = command.refundId ? ledger.refunds[command.refundId] : undefined;
  if (ours?.completed) return [];
  const done = (refundId: string, amountMinor: number): RefundCompleted => ({ type: 'RefundCompleted', data: {
    ...of, refundId, providerRefundId: command.providerRefundId, amountMinor, currency, at: command.at,
  } });
  if (ours) return [done(command.refundId!, ours.amountMinor)];
  // Made at the provider (its dashboard): money already went back, so it is recorded whatever our ledger says.
  const requested: RefundRequested = { type: 'RefundRequested', data: {
    ...of, refundId: command.providerRefundId, amountMinor: command.amountMinor, currency, reason: '',
    requestedBy: { kind: 'provider' }, revokeAccess: false, at: command.at,
  } };
  return [requested, done(command.providerRefundId, command.amountMinor), ...ended(evolveLedger(ledger, requested), paid, 'refund', of, command.at, false)];
}
