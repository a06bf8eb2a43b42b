/**
 * One purchase, from checkout to playback: events, state, evolve and decide.
 * A stream per purchase (`purchase-<purchaseId>`); the provider's checkout session carries the purchase id,
 * so every webhook delivery, retry or reconciliation for that session lands on the same stream.
 */
import type { Currency } from './catalogue-port.ts';

export type Provider = 'stripe' | 'dev';

export type CheckoutStarted = {
  type: 'CheckoutStarted';
  data: { purchaseId: string; userId: string; productKey: string; priceId: string; currency: Currency; amount: number;
    provider: Provider; providerSessionId: string; startedAt: string };
};
export type PurchaseCompleted = {
  type: 'PurchaseCompleted';
  data: { purchaseId: string; userId: string; productKey: string; currency: Currency; amount: number; provider: Provider;
    providerSessionId: string; paymentIntentId: string | null; paidAt: string; accessUntil: string };
};
export type PlaybackStarted = { type: 'PlaybackStarted'; data: { purchaseId: string; startedAt: string } };
export type PurchaseEvent = CheckoutStarted | PurchaseCompleted | PlaybackStarted;

export type PurchaseState =
  | { status: 'none' }
  | { status: 'pending'; checkout: CheckoutStarted['data'] }
  | { status: 'paid'; purchase: PurchaseCompleted['data']; playbackStartedAt: string | null };

export const initialState = (): PurchaseState => ({ status: 'none' });

export function evolve(state: PurchaseState, event: PurchaseEvent): PurchaseState {
  switch (event.type) {
    case 'CheckoutStarted': return { status: 'pending', checkout: event.data };
    case 'PurchaseCompleted': return { status: 'paid', purchase: event.data, playbackStartedAt: null };
    case 'PlaybackStarted': return state.status === 'paid' ? { ...state, playbackStartedAt: event.data.startedAt } : state;
    default: { const never: never = event; return never; }
  }
}

export class PurchaseRuleBroken extends Error {
  override readonly name = 'PurchaseRuleBroken';
  readonly rule: 'checkout-exists' | 'checkout-mismatch' | 'not-paid';
  constructor(rule: PurchaseRuleBroken['rule']) {
    super(rule);
    this.rule = rule;
  }
}

export type StartCheckout = { type: 'StartCheckout'; checkout: CheckoutStarted['data'] };
/** What the provider says was paid. It may arrive before, after or without our CheckoutStarted (a lost write must not lose a paid purchase). */
export type CompletePurchase = { type: 'CompletePurchase'; payment: Omit<PurchaseCompleted['data'], 'accessUntil'>; accessUntil: string };
export type StartPlayback = { type: 'StartPlayback'; purchaseId: string; at: string };
export type PurchaseCommand = StartCheckout | CompletePurchase | StartPlayback;

export function decide(command: PurchaseCommand, state: PurchaseState): PurchaseEvent[] {
  switch (command.type) {
    case 'StartCheckout':
      if (state.status !== 'none') throw new PurchaseRuleBroken('checkout-exists');
      return [{ type: 'CheckoutStarted', data: command.checkout }];
    case 'CompletePurchase': {
      if (state.status === 'paid') return []; // a repeated or late webhook, or a reconciliation after one
      if (state.status === 'pending' && state.checkout.providerSessionId !== command.payment.providerSessionId) {
        throw new PurchaseRuleBroken('checkout-mismatch');
      }
      return [{ type: 'PurchaseCompleted', data: { ...command.payment, accessUntil: command.accessUntil } }];
    }
    case 'StartPlayback':
      if (state.status !== 'paid') throw new PurchaseRuleBroken('not-paid');
      if (state.playbackStartedAt !== null) return [];
      return [{ type: 'PlaybackStarted', data: { purchaseId: command.purchaseId, startedAt: command.at } }];
    default: { const never: never = command; return never; }
  }
}

export const streamOf = (purchaseId: string) => `purchase-${purchaseId}`;
