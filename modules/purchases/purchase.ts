/**
 * One purchase, from checkout to playback: events, state, evolve and decide.
 * A stream per purchase (`purchase-<purchaseId>`); the provider's checkout session carries the purchase id,
 * so every webhook delivery, retry or reconciliation for that session lands on the same stream.
 * Whether the buyer already owns the product is not this stream's to know: the ownership stream
 * (ownership.ts) decides that, and the handler passes its answer in the command.
 */
import { DomainError, type Decider } from '../shared/kernel/index.ts';
import { isOnSale } from './access.ts';
import type { Currency } from './ports.ts';

export type Provider = 'stripe' | 'dev';

export type CheckoutStarted = {
  type: 'CheckoutStarted';
  data: { purchaseId: string; userId: string; productKey: string; priceId: string; currency: Currency; amount: number;
    provider: Provider; providerSessionId: string; startedAt: string };
};
/** The buyer started a newer checkout for the same product, so this one can no longer be paid. */
export type CheckoutExpired = {
  type: 'CheckoutExpired';
  data: { purchaseId: string; providerSessionId: string; supersededBy: string; expiredAt: string };
};
export type PurchaseCompleted = {
  type: 'PurchaseCompleted';
  data: { purchaseId: string; userId: string; productKey: string; currency: Currency; amount: number; provider: Provider;
    providerSessionId: string; paymentIntentId: string | null; paidAt: string; accessUntil: string };
};
/** Money arrived for a product the buyer already owns through another purchase: it is owed back. */
export type DuplicatePaymentReceived = {
  type: 'DuplicatePaymentReceived';
  data: Omit<PurchaseCompleted['data'], 'accessUntil'> & { ownedThrough: string };
};
export type DuplicatePaymentRefunded = {
  type: 'DuplicatePaymentRefunded';
  data: { purchaseId: string; amount: number; currency: Currency; provider: Provider; providerRefundId: string; refundedAt: string };
};
export type PlaybackStarted = { type: 'PlaybackStarted'; data: { purchaseId: string; startedAt: string } };
export type PurchaseEvent = CheckoutStarted | CheckoutExpired | PurchaseCompleted | DuplicatePaymentReceived | DuplicatePaymentRefunded | PlaybackStarted;

export type PurchaseState =
  | { status: 'none' }
  | { status: 'pending'; checkout: CheckoutStarted['data'] }
  | { status: 'expired'; checkout: CheckoutStarted['data'] }
  | { status: 'paid'; purchase: PurchaseCompleted['data']; playbackStartedAt: string | null }
  | { status: 'refundDue'; payment: DuplicatePaymentReceived['data'] }
  | { status: 'refunded'; payment: DuplicatePaymentReceived['data']; refund: DuplicatePaymentRefunded['data'] };

export const initialState = (): PurchaseState => ({ status: 'none' });

export function evolve(state: PurchaseState, event: PurchaseEvent): PurchaseState {
  switch (event.type) {
    case 'CheckoutStarted': return { status: 'pending', checkout: event.data };
    case 'CheckoutExpired': return state.status === 'pending' ? { status: 'expired', checkout: state.checkout } : state;
    case 'PurchaseCompleted': return { status: 'paid', purchase: event.data, playbackStartedAt: null };
    case 'DuplicatePaymentReceived': return { status: 'refundDue', payment: event.data };
    case 'DuplicatePaymentRefunded': return state.status === 'refundDue' ? { status: 'refunded', payment: state.payment, refund: event.data } : state;
    case 'PlaybackStarted': return state.status === 'paid' ? { ...state, playbackStartedAt: event.data.startedAt } : state;
    default: { const never: never = event; return never; }
  }
}

/** The rules this stream refuses a command with (DomainError codes). */
export type PurchaseRule =
  | 'unknown-price' | 'not-on-sale' | 'already-owned'
  | 'checkout-exists' | 'checkout-mismatch' | 'not-paid' | 'no-open-checkout' | 'no-refund-due';

/** What the catalogue says about the product being bought, as the checkout rules need it. */
export type Sale = { liveAt: string; priceIds: readonly string[]; published: boolean };

/**
 * Whether a buyer may start paying: the price must be one of the product's own, the product must still be on
 * sale (published, and a buyer would get some access), and the buyer must not own it already. Checked before the provider is
 * asked for a checkout session, and again by `decide` when the checkout is recorded.
 */
export function refuseCheckout(sale: Sale, priceId: string, ownedThrough: string | null, at: string): void {
  if (!sale.priceIds.includes(priceId)) throw new DomainError<PurchaseRule>('unknown-price');
  if (!sale.published || !isOnSale(new Date(sale.liveAt), new Date(at))) throw new DomainError<PurchaseRule>('not-on-sale');
  if (ownedThrough !== null) throw new DomainError<PurchaseRule>('already-owned');
}

/** `ownedThrough`: the purchase that already owns the product for this buyer, read from the ownership stream. */
export type StartCheckout = { type: 'StartCheckout'; checkout: CheckoutStarted['data']; sale: Sale; ownedThrough: string | null };
/** The buyer's newer checkout `supersededBy` replaces this one (called once the provider has closed the session). */
export type ExpireCheckout = { type: 'ExpireCheckout'; purchaseId: string; supersededBy: string; at: string };
/**
 * What the provider says was paid. It may arrive before, after or without our CheckoutStarted (a lost write must not
 * lose a paid purchase). `ownedThrough` is the purchase that already owns the product for this buyer, if any.
 */
export type CompletePurchase = {
  type: 'CompletePurchase'; payment: Omit<PurchaseCompleted['data'], 'accessUntil'>; accessUntil: string; ownedThrough: string | null;
};
/** The provider has given a duplicate payment back. */
export type RecordRefund = {
  type: 'RecordRefund'; purchaseId: string; refund: { amount: number; currency: Currency; providerRefundId: string }; at: string;
};
export type StartPlayback = { type: 'StartPlayback'; purchaseId: string; at: string };
export type PurchaseCommand = StartCheckout | ExpireCheckout | CompletePurchase | RecordRefund | StartPlayback;

function expire(command: ExpireCheckout, state: PurchaseState): PurchaseEvent[] {
  if (state.status === 'expired') return [];
  // Paid (or paid twice) before the newer checkout started: nothing is left to close, the payment stands.
  if (state.status === 'paid' || state.status === 'refundDue' || state.status === 'refunded') return [];
  if (state.status === 'none') throw new DomainError<PurchaseRule>('no-open-checkout');
  return [{ type: 'CheckoutExpired', data: {
    purchaseId: command.purchaseId, providerSessionId: state.checkout.providerSessionId, supersededBy: command.supersededBy, expiredAt: command.at,
  } }];
}

function complete(command: CompletePurchase, state: PurchaseState): PurchaseEvent[] {
  // A repeated or late webhook, or a reconciliation after one: the payment is already accounted for.
  if (state.status === 'paid' || state.status === 'refundDue' || state.status === 'refunded') return [];
  if ((state.status === 'pending' || state.status === 'expired') && state.checkout.providerSessionId !== command.payment.providerSessionId) {
    throw new DomainError<PurchaseRule>('checkout-mismatch');
  }
  // An expired checkout that was paid anyway (paid in the instant before it closed) is still money taken: it counts like any other.
  if (command.ownedThrough !== null && command.ownedThrough !== command.payment.purchaseId) {
    return [{ type: 'DuplicatePaymentReceived', data: { ...command.payment, ownedThrough: command.ownedThrough } }];
  }
  return [{ type: 'PurchaseCompleted', data: { ...command.payment, accessUntil: command.accessUntil } }];
}

function recordRefund(command: RecordRefund, state: PurchaseState): PurchaseEvent[] {
  if (state.status === 'refunded') return [];
  if (state.status !== 'refundDue') throw new DomainError<PurchaseRule>('no-refund-due');
  return [{ type: 'DuplicatePaymentRefunded', data: {
    purchaseId: command.purchaseId, ...command.refund, provider: state.payment.provider, refundedAt: command.at,
  } }];
}

export function decide(command: PurchaseCommand, state: PurchaseState): PurchaseEvent[] {
  switch (command.type) {
    case 'StartCheckout':
      if (state.status !== 'none') throw new DomainError<PurchaseRule>('checkout-exists');
      refuseCheckout(command.sale, command.checkout.priceId, command.ownedThrough, command.checkout.startedAt);
      return [{ type: 'CheckoutStarted', data: command.checkout }];
    case 'ExpireCheckout': return expire(command, state);
    case 'CompletePurchase': return complete(command, state);
    case 'RecordRefund': return recordRefund(command, state);
    case 'StartPlayback':
      if (state.status !== 'paid') throw new DomainError<PurchaseRule>('not-paid');
      if (state.playbackStartedAt !== null) return [];
      return [{ type: 'PlaybackStarted', data: { purchaseId: command.purchaseId, startedAt: command.at } }];
    default: { const never: never = command; return never; }
  }
}

export const streamOf = (purchaseId: string) => `purchase-${purchaseId}`;

/** The buyer, from the state after the event: what they own, may watch, and see on their pages. */
const theBuyer = (_event: PurchaseEvent, state: PurchaseState) => [buyerOf(state)?.userId];

export const purchaseDecider: Decider<PurchaseCommand, PurchaseEvent, PurchaseState> = {
  decide, evolve, initialState,
  concerns: {
    CheckoutStarted: theBuyer, CheckoutExpired: theBuyer, PurchaseCompleted: theBuyer,
    DuplicatePaymentReceived: theBuyer, DuplicatePaymentRefunded: theBuyer, PlaybackStarted: theBuyer,
  },
};

/** The buyer of whatever the stream holds (checkout, payment or refund); null for an empty stream. */
export function buyerOf(state: PurchaseState): { userId: string; productKey: string; amount: number; currency: Currency } | null {
  switch (state.status) {
    case 'none': return null;
    case 'pending': case 'expired': return state.checkout;
    case 'paid': return state.purchase;
    default: return state.payment;
  }
}
