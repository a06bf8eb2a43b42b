/**
 * One purchase, from checkout to playback: events, state, evolve and decide.
 * A stream per purchase (`purchase-<purchaseId>`); the provider's checkout session carries the purchase id,
 * so every webhook delivery, retry or reconciliation for that session lands on the same stream.
 * Whether the buyer already owns the product is not this stream's to know: the ownership stream
 * (ownership.ts) decides that, and the handler passes its answer in the command.
 */
import { DomainError, type Decider } from '../shared/kernel/index.ts';
import { isOnSale } from './access.ts';
import { refuseConsents, type ConsentGiven } from './consents.ts';
import { grantDecisions, type AccessGranted, type AccessRevoked, type GrantCommand, type GrantState } from './grant.ts';
import type { Currency } from './ports.ts';
import './upcasts.ts'; // events of older shapes are read with their amounts in minor units
import { withdrawalDecisions, type Withdraw, type WithdrawalReceived } from './withdrawal.ts';
import { consentsNeeded, type ConsentKind } from './withdrawal-period.ts';
import { emptyLedger, evolveLedger, refundDecisions, type RefundCommand, type RefundEvent, type RefundLedger } from './refund.ts';

export type Provider = 'stripe' | 'dev';

/** What a checkout asked the provider to charge: minor units (grosze, cents) of its currency, from the catalogue. */
export type Asked = { amountMinor: number; currency: Currency };

export type CheckoutStarted = {
  type: 'CheckoutStarted';
  /** `amountMinor`: what the provider was asked for, the catalogue's price (events before issue 36 also hold `amount` in whole units; upcasts.ts). */
  data: { purchaseId: string; userId: string; productKey: string; priceId: string; currency: Currency; amountMinor: number;
    provider: Provider; providerSessionId: string; startedAt: string;
    /** The buyer asked for an invoice at checkout (its data is the invoicing module's, recorded in the same transaction). */
    invoiceRequested?: true };
};
/** The buyer started a newer checkout for the same product, so this one can no longer be paid. */
export type CheckoutExpired = {
  type: 'CheckoutExpired';
  data: { purchaseId: string; providerSessionId: string; supersededBy: string; expiredAt: string };
};
export type PurchaseCompleted = {
  type: 'PurchaseCompleted';
  /** `amountMinor`: exactly what the provider took (upcasts.ts for events that held whole units). */
  data: { purchaseId: string; userId: string; productKey: string; currency: Currency; amountMinor: number; provider: Provider;
    providerSessionId: string; paymentIntentId: string | null; paidAt: string; accessUntil: string };
};
/**
 * Money arrived for a product the buyer already owns through another purchase (`ownedThrough`), or for a seat that
 * no longer exists (`soldOut`: paid after its hold expired, every seat sold or held by others): it is owed back.
 */
export type DuplicatePaymentReceived = {
  type: 'DuplicatePaymentReceived';
  data: Omit<PurchaseCompleted['data'], 'accessUntil'> & ({ ownedThrough: string } | { ownedThrough: null; soldOut: true });
};
export type DuplicatePaymentRefunded = {
  type: 'DuplicatePaymentRefunded';
  data: { purchaseId: string; amountMinor: number; currency: Currency; provider: Provider; providerRefundId: string; refundedAt: string };
};
/**
 * The provider took a sum other than the one the checkout asked for (a price id of another amount, a changed
 * session): recorded for the admin, never as a purchase, and the buyer gets nothing for it.
 */
export type PaymentMismatchReceived = {
  type: 'PaymentMismatchReceived';
  data: Omit<PurchaseCompleted['data'], 'accessUntil'> & { asked: Asked | null };
};
export type PlaybackStarted = { type: 'PlaybackStarted'; data: { purchaseId: string; startedAt: string } };
export type PurchaseEvent = CheckoutStarted | CheckoutExpired | PurchaseCompleted | DuplicatePaymentReceived | DuplicatePaymentRefunded
  | PaymentMismatchReceived | AccessGranted | AccessRevoked | PlaybackStarted | WithdrawalReceived | ConsentGiven | RefundEvent;

export type PurchaseState =
  | { status: 'none' }
  | { status: 'pending'; checkout: CheckoutStarted['data']; consents?: ConsentKind[] }
  | { status: 'expired'; checkout: CheckoutStarted['data']; consents?: ConsentKind[] }
  | { status: 'paid'; purchase: PurchaseCompleted['data']; playbackStartedAt: string | null; consents?: ConsentKind[];
    withdrawal?: WithdrawalReceived['data']; refunds?: RefundLedger }
  | { status: 'refundDue'; payment: DuplicatePaymentReceived['data'] }
  | { status: 'refunded'; payment: DuplicatePaymentReceived['data']; refund: DuplicatePaymentRefunded['data'] }
  | { status: 'mismatch'; payment: PaymentMismatchReceived['data'] }
  | GrantState;

export const initialState = (): PurchaseState => ({ status: 'none' });

export function evolve(state: PurchaseState, event: PurchaseEvent): PurchaseState {
  switch (event.type) {
    case 'CheckoutStarted': return { status: 'pending', checkout: event.data };
    case 'CheckoutExpired': return state.status === 'pending' ? { ...state, status: 'expired' } : state;
    // The consents given at checkout go with the payment: the withdrawal rules read them (none recorded: none given).
    case 'PurchaseCompleted': return { status: 'paid', purchase: event.data, playbackStartedAt: null,
      ...(state.status === 'pending' || state.status === 'expired' ? { consents: state.consents ?? [] } : {}) };
    case 'DuplicatePaymentReceived': return { status: 'refundDue', payment: event.data };
    case 'DuplicatePaymentRefunded': return state.status === 'refundDue' ? { status: 'refunded', payment: state.payment, refund: event.data } : state;
    case 'PaymentMismatchReceived': return { status: 'mismatch', payment: event.data };
    case 'AccessGranted': return { status: 'granted', grant: event.data, playbackStartedAt: null };
    case 'AccessRevoked': return state.status === 'granted' ? { status: 'revoked', grant: state.grant, revocation: event.data } : state;
    // The full wording stays on the stream for the confirmation mail; the state keeps which kinds were given.
    case 'ConsentGiven':
      return state.status === 'pending' || state.status === 'expired' ? { ...state, consents: [...(state.consents ?? []), event.data.kind] } : state;
    case 'PlaybackStarted': return state.status === 'paid' || state.status === 'granted' ? { ...state, playbackStartedAt: event.data.startedAt } : state;
    case 'WithdrawalReceived': return state.status === 'paid' ? { ...state, withdrawal: event.data } : state;
    case 'RefundRequested': case 'RefundCompleted': case 'PurchaseAccessEnded':
      return state.status === 'paid' ? { ...state, refunds: evolveLedger(state.refunds ?? emptyLedger(), event) } : state;
    default: { const never: never = event; return never; }
  }
}

/** The rules this stream refuses a command with (DomainError codes). */
export type PurchaseRule =
  | 'unknown-price' | 'not-on-sale' | 'already-owned'
  | 'checkout-exists' | 'checkout-mismatch' | 'not-paid' | 'no-open-checkout' | 'no-refund-due' | 'consent-missing' | 'consent-not-needed';

/**
 * What the catalogue says about the product being bought, as the checkout rules need it. `liveEndsAt` (the live
 * part's end; absent: its start) and `recordingAvailable` (absent: no recording) decide the consents needed.
 */
export type Sale = { liveAt: string; priceIds: readonly string[]; published: boolean; liveEndsAt?: string; recordingAvailable?: boolean };

/** The consents a checkout of `sale` at `at` needs (withdrawal-period.ts). */
export const consentsFor = (sale: Sale, at: string) => consentsNeeded(
  { liveAt: new Date(sale.liveAt), liveEndsAt: new Date(sale.liveEndsAt ?? sale.liveAt), recordingAvailable: sale.recordingAvailable ?? false }, new Date(at));

/**
 * Whether a buyer may start paying: the price must be one of the product's own, the product must still be on
 * sale (published, and a buyer would get some access), and the buyer must not own it already. Checked before the provider is
 * asked for a checkout session, and again by `decide` when the checkout is recorded.
 */
export function refuseCheckout(sale: Sale, priceId: string, ownedThrough: string | null, at: string): void {
  if (!sale.priceIds.includes(priceId)) throw new DomainError<PurchaseRule>('unknown-price');
  if (!sale.published || !isOnSale(new Date(sale.liveAt), new Date(at), sale.recordingAvailable)) throw new DomainError<PurchaseRule>('not-on-sale');
  if (ownedThrough !== null) throw new DomainError<PurchaseRule>('already-owned');
}

/**
 * `ownedThrough`: the purchase that already owns the product for this buyer, read from the ownership stream.
 * `consents`: those the buyer gave, worded as shown (absent: none); they must be exactly those the sale needs.
 */
export type StartCheckout = { type: 'StartCheckout'; checkout: CheckoutStarted['data']; sale: Sale; ownedThrough: string | null; consents?: ConsentGiven['data'][] };
/** The buyer's newer checkout `supersededBy` replaces this one (called once the provider has closed the session). */
export type ExpireCheckout = { type: 'ExpireCheckout'; purchaseId: string; supersededBy: string; at: string };
/**
 * What the provider says was paid (`amountMinor`: exactly what it took). It may arrive before, after or without our
 * CheckoutStarted (a lost write must not lose a paid purchase): then `catalogueAsks` stands for what the checkout
 * would have asked (the catalogue's price in the paid currency; null when the product has none in it).
 * `ownedThrough` is the purchase that already owns the product for this buyer, if any.
 */
export type CompletePurchase = {
  type: 'CompletePurchase'; payment: Omit<PurchaseCompleted['data'], 'accessUntil'>;
  catalogueAsks: Asked | null; accessUntil: string; ownedThrough: string | null;
  /** The product has a capacity and no seat is left for this payment (seats.ts `seatFor`): it buys nothing and is owed back. */
  noSeat?: boolean;
};
/** The provider has given a duplicate payment back. */
export type RecordRefund = {
  type: 'RecordRefund'; purchaseId: string; refund: { amountMinor: number; currency: Currency; providerRefundId: string }; at: string;
};
export type StartPlayback = { type: 'StartPlayback'; purchaseId: string; at: string };
export type PurchaseCommand = StartCheckout | ExpireCheckout | CompletePurchase | RecordRefund | StartPlayback | GrantCommand | Withdraw | RefundCommand;

/** What the checkout on this stream asked for. */
const askedBy = (checkout: CheckoutStarted['data']): Asked => ({ amountMinor: checkout.amountMinor, currency: checkout.currency });

function expire(command: ExpireCheckout, state: PurchaseState): PurchaseEvent[] {
  if (state.status === 'none') throw new DomainError<PurchaseRule>('no-open-checkout');
  // Expired already, or paid (once, twice, at the wrong price) before the newer checkout started: nothing is left to close.
  if (state.status !== 'pending') return [];
  return [{ type: 'CheckoutExpired', data: {
    purchaseId: command.purchaseId, providerSessionId: state.checkout.providerSessionId, supersededBy: command.supersededBy, expiredAt: command.at,
  } }];
}

function complete(command: CompletePurchase, state: PurchaseState): PurchaseEvent[] {
  // A repeated or late webhook, or a reconciliation after one: the payment is already accounted for (so is a grant's stream).
  if (state.status !== 'pending' && state.status !== 'expired' && state.status !== 'none') return [];
  const opened = state.status === 'none' ? null : state.checkout;
  if (opened && opened.providerSessionId !== command.payment.providerSessionId) throw new DomainError<PurchaseRule>('checkout-mismatch');
  // Charged anything but what was asked: money taken at the wrong price buys nothing, and the admin must see it.
  const asked = opened ? askedBy(opened) : command.catalogueAsks;
  if (!asked || asked.amountMinor !== command.payment.amountMinor || asked.currency !== command.payment.currency) {
    return [{ type: 'PaymentMismatchReceived', data: { ...command.payment, asked } }];
  }
  // An expired checkout that was paid anyway (paid in the instant before it closed) is still money taken: it counts like any other.
  if (command.ownedThrough !== null && command.ownedThrough !== command.payment.purchaseId) {
    return [{ type: 'DuplicatePaymentReceived', data: { ...command.payment, ownedThrough: command.ownedThrough } }];
  }
  if (command.noSeat) return [{ type: 'DuplicatePaymentReceived', data: { ...command.payment, ownedThrough: null, soldOut: true } }];
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
      refuseConsents(consentsFor(command.sale, command.checkout.startedAt), (command.consents ?? []).map((c) => c.kind));
      return [{ type: 'CheckoutStarted', data: command.checkout }, ...(command.consents ?? []).map((data) => ({ type: 'ConsentGiven' as const, data }))];
    case 'ExpireCheckout': return expire(command, state);
    case 'CompletePurchase': return complete(command, state);
    case 'RecordRefund': return recordRefund(command, state);
    case 'GrantAccess': case 'RevokeAccess': return grantDecisions(command, state);
    case 'Withdraw': return withdrawalDecisions(command, state);
    case 'RequestRefund': case 'CompleteRefund': return refundDecisions(command, state);
    case 'StartPlayback':
      if (state.status !== 'paid' && state.status !== 'granted') throw new DomainError<PurchaseRule>('not-paid');
      if (state.status === 'paid' && state.refunds?.accessEndedAt) throw new DomainError<PurchaseRule>('not-paid');
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
    DuplicatePaymentReceived: theBuyer, DuplicatePaymentRefunded: theBuyer, PaymentMismatchReceived: theBuyer,
    AccessGranted: theBuyer, AccessRevoked: theBuyer, PlaybackStarted: theBuyer, ConsentGiven: theBuyer,
    WithdrawalReceived: theBuyer, RefundRequested: theBuyer, RefundCompleted: theBuyer, PurchaseAccessEnded: theBuyer,
  },
};

/** The buyer of whatever the stream holds (checkout, payment or refund); null for an empty stream. */
export function buyerOf(state: PurchaseState): { userId: string; productKey: string } & ({ amountMinor: number; currency: Currency } | { reason: string }) | null {
  switch (state.status) {
    case 'none': return null;
    case 'pending': case 'expired': return state.checkout;
    case 'paid': return state.purchase;
    case 'granted': case 'revoked': return state.grant;
    default: return state.payment;
  }
}
