import { INVOICE_TOPICS } from '../invoicing/index.ts';
import { mailMessage } from '../mailing/index.ts';
import type { EventMetadata, OutboxMessage } from '../shared/events/index.ts';
import { appendAlongside, DomainError, handleCommand, type CommandOptions } from '../shared/kernel/index.ts';
import { cancelSequence, hasSessionsAfter, purchaseCancellation } from './calendar-invites.ts';
import type { PurchasesDeps } from './deps.ts';
import { ownershipDecider, ownershipStreamOf } from './ownership.ts';
import { buyerOf, purchaseDecider, streamOf, type PurchaseCommand, type PurchaseEvent, type PurchaseState } from './purchase.ts';
import type { PurchasesQueries } from './queries.ts';
import type { PurchasesTables } from './schema.ts';
import { refundNoticeMail } from './refund-mail.ts';
import { besideSeats, lockedSeats, seatPolicyOf, type LockedSeats } from './seat-handlers.ts';
import type { CompleteRefund, RefundCommand, RefundRequester } from './refund.ts';
import { refundIdDecider, refundIdStreamOf } from './refund-ids.ts';

/** The outbox topic that moves a refund's money at the provider, one row per refund id. */
export const REFUND_TOPIC = 'purchase-refund';

/** A refund asked of a purchase. `refundId` (a UUID the caller made once, e.g. per confirmation dialog) makes it idempotent. */
export type RefundInput = {
  purchaseId: string; refundId?: string; amountMinor: number; reason: string; requestedBy: RefundRequester; revokeAccess: boolean; metadata?: EventMetadata;
};
/** `pending`: the provider has not confirmed the refund yet (it is retried until it does). */
export type RefundAnswer = { refundId: string; status: 'completed' | 'pending'; accessEnded: boolean };

type RefundPayload = { purchaseId: string; refundId: string };
type PurchaseCommandOptions = CommandOptions<PurchaseCommand, PurchaseEvent, PurchaseState, PurchasesTables>
  & Required<Pick<CommandOptions<PurchaseCommand, PurchaseEvent, PurchaseState, PurchasesTables>, 'outbox' | 'prepare' | 'alongside'>>;

/** The dev checkout moved no money: its refund is only a record, complete in the same decision (RequestRefund's `settled`). */
export const settledAtOnce = (state: PurchaseState, refundId: string) =>
  state.status === 'paid' && state.purchase.provider === 'dev' ? { providerRefundId: `dev_refund_${refundId}` } : undefined;

const accessEnded = (state: PurchaseState) => state.status === 'paid' && Boolean(state.refunds?.accessEndedAt);

/**
 * Refund commands: money goes back through the outbox (REFUND_TOPIC: the provider is asked with the refund id as its
 * Idempotency-Key, retried until it answers), or at once for the dev checkout. Access ended by a refund releases the
 * buyer's ownership in the same transaction, and every event names the buyer, so what any instance remembers or caches
 * for them drops at once; a refunded buyer can buy again.
 */
export function refundHandlers(deps: PurchasesDeps, queries: PurchasesQueries) {
  const now = () => deps.clock().toISOString();

  /** The buyer's notice of each completed refund, prepared before the transaction (lookups must not queue behind it). */
  async function mailFor(state: PurchaseState): Promise<(events: PurchaseEvent[], after: PurchaseState) => OutboxMessage[]> {
    const buyer = buyerOf(state);
    if (!buyer) return () => [];
    const [contact, product] = await Promise.all([deps.ports.buyers(buyer.userId), deps.ports.products(buyer.productKey)]);
    if (!contact || !product) return () => [];
    const watchUrl = new URL(`/watch-video/${product.key}`, deps.ports.origin()).href;
    const stamp = deps.clock();
    // Access ended: the sessions of the confirmation's invitation are withdrawn (same UIDs, SEQUENCE above every update
    // a schedule change sent), if any is still to come.
    const cancel = (purchaseId: string, after: PurchaseState) => accessEnded(after) && hasSessionsAfter(product, stamp)
      ? { calendar: purchaseCancellation({ product, purchaseId, buyer: contact, organizer: deps.organizer, watchUrl, stamp, sequence: cancelSequence(product) }) } : {};
    return (events, after) => events.flatMap((e) => e.type !== 'RefundCompleted' ? [] : [mailMessage(`purchase-refund:${e.data.purchaseId}:${e.data.refundId}`, refundNoticeMail({
      buyer: contact, product, watchUrl, siteName: deps.siteName, refund: { ...e.data, accessEnded: accessEnded(after) }, ...cancel(e.data.purchaseId, after),
    }))]);
  }

  /** A completed refund corrects the purchase's invoice, if it has one (invoicing decides; a later invoice catches up). */
  const corrections = (events: PurchaseEvent[]): OutboxMessage[] => events.flatMap((e) => e.type !== 'RefundCompleted' ? []
    : [{ topic: INVOICE_TOPICS.correct, dedupeKey: `invoice-correct:${e.data.purchaseId}:${e.data.refundId}`, payload: { purchaseId: e.data.purchaseId } }]);

  /** Money to move at the provider: each refund requested here and not completed in the same decision. */
  const effects = (events: PurchaseEvent[]): OutboxMessage[] => events.flatMap((e) =>
    e.type === 'RefundRequested' && e.data.requestedBy.kind !== 'provider' && !events.some((c) => c.type === 'RefundCompleted' && c.data.refundId === e.data.refundId)
      ? [{ topic: REFUND_TOPIC, dedupeKey: `refund:${e.data.purchaseId}:${e.data.refundId}`, payload: { purchaseId: e.data.purchaseId, refundId: e.data.refundId } satisfies RefundPayload }]
      : []);

  /**
   * What a command that may refund needs beside its decision (r3's withdrawal uses it too, composing its own outbox):
   * the refund's outbox row and the buyer's notice, and the buyer's ownership released in the same transaction when
   * access ends. Lookups are made here, before the transaction.
   */
  async function commandOptions(purchaseId: string, metadata: EventMetadata | undefined): Promise<PurchaseCommandOptions> {
    const before = (await queries.load(purchaseId)).state;
    const mail = await mailFor(before);
    // The product's seat rules, so a freed seat goes to the waiting list in the same decision (read before the transaction).
    const bought = buyerOf(before);
    const policy = bought ? seatPolicyOf(await deps.ports.products(bought.productKey)) : null;
    let ownership = { owner: null as string | null, version: 0 };
    let seats: LockedSeats | null = null;
    return {
      metadata,
      outbox: (events, after) => [...effects(events), ...mail(events, after), ...corrections(events)],
      async prepare(tx, cmd, state) {
        const buyer = buyerOf(state);
        if (!buyer) return cmd;
        ownership = await queries.ownerOf(buyer.userId, buyer.productKey, tx);
        // Taken before this stream's append, in the order a payment takes them (seats, then the purchase): no deadlock.
        // Only a product with seats has a seats stream to give one back to: the others take no seats lock.
        if (policy) seats = await lockedSeats(tx, deps, buyer.productKey);
        return cmd;
      },
      async alongside(tx, events, after) {
        const claims = await claimRefundIds(tx, events, metadata);
        const ended = events.find((e) => e.type === 'PurchaseAccessEnded');
        const buyer = buyerOf(after);
        if (!ended || !buyer) return claims;
        const stream = { id: ownershipStreamOf(buyer.userId, buyer.productKey), version: ownership.version, state: { owner: ownership.owner } };
        const release = ownershipDecider.decide({ type: 'ReleaseOwnership', userId: buyer.userId, productKey: buyer.productKey, purchaseId, at: ended.data.at }, stream.state);
        // Access ended by a full refund or a withdrawal frees the seat it held (nothing for a product without seats).
        const freed = seats ? await besideSeats(tx, deps, seats, {
          type: 'ReleaseSeat', productKey: buyer.productKey, purchaseId, reason: ended.data.cause, at: ended.data.at, ...(policy ? { policy } : {}),
        }, metadata) : [];
        return [...claims, ...await appendAlongside(deps.store, tx, stream, release, ownershipDecider, metadata), ...freed];
      },
    };
  }

  /** Each refund id first recorded here is claimed for its purchase, in the same transaction (refund-ids.ts). */
  async function claimRefundIds(tx: Parameters<PurchaseCommandOptions["alongside"]>[0], events: PurchaseEvent[], metadata: EventMetadata | undefined) {
    const claimed = [];
    for (const e of events) {
      if (e.type !== 'RefundRequested') continue;
      const holder = await queries.refundIdHolder(e.data.refundId, tx);
      const claim = refundIdDecider.decide({ type: 'ClaimRefundId', refundId: e.data.refundId, purchaseId: e.data.purchaseId, userId: e.data.userId, at: now() }, { purchaseId: holder.purchaseId });
      if (claim.length === 0) continue;
      const stream = { id: refundIdStreamOf(e.data.refundId), version: holder.version, state: { purchaseId: holder.purchaseId } };
      claimed.push(...await appendAlongside(deps.store, tx, stream, claim, refundIdDecider, metadata));
    }
    return claimed;
  }

  async function run(purchaseId: string, command: RefundCommand, metadata: EventMetadata | undefined) {
    return handleCommand(deps, purchaseDecider, streamOf(purchaseId), command as PurchaseCommand, await commandOptions(purchaseId, metadata));
  }

  /** A provider's report of a refund done (ours or one it made itself): recorded once per provider refund id. */
  async function completeRefund(report: Omit<CompleteRefund, 'type' | 'at'>, metadata?: EventMetadata) {
    return run(report.purchaseId, { type: 'CompleteRefund', ...report, at: now() }, metadata);
  }

  return {
    /**
     * Asks for money back on a paid purchase (refund.ts has the rules: `refund-not-paid`, `refund-invalid-amount`,
     * `refund-exceeds-paid`, `refund-already-full`, `refund-reason-missing`; `purchase-not-found` for no purchase at all).
     */
    async requestRefund(input: RefundInput): Promise<RefundAnswer> {
      const { state } = await queries.load(input.purchaseId);
      if (state.status === 'none') throw new DomainError('purchase-not-found');
      const refundId = input.refundId ?? deps.ids();
      // Refused before anything is decided; the claim in the same transaction settles a race (refund-ids.ts).
      const holder = await queries.refundIdHolder(refundId);
      if (holder.purchaseId !== null && holder.purchaseId !== input.purchaseId) throw new DomainError('refund-id-taken');
      const settled = settledAtOnce(state, refundId);
      const { state: after } = await run(input.purchaseId, {
        type: 'RequestRefund', purchaseId: input.purchaseId, refundId, amountMinor: input.amountMinor, reason: input.reason,
        requestedBy: input.requestedBy, revokeAccess: input.revokeAccess, at: now(), ...(settled ? { settled } : {}),
      }, input.metadata);
      const refund = after.status === 'paid' ? after.refunds?.refunds[refundId] : undefined;
      return { refundId, status: refund?.completed ? 'completed' : 'pending', accessEnded: accessEnded(after) };
    },

    completeRefund,
    commandOptions,

    /**
     * A signed `charge.refunded` delivery: the provider's refunds of that payment are read from it and each recorded
     * once, ours confirmed and those made in its dashboard added; duplicated or out-of-order deliveries change nothing more.
     */
    async refundsReported(paymentIntentId: string, metadata?: EventMetadata): Promise<number> {
      const row = await deps.db.selectFrom('purchases').select('purchase_id').where('payment_intent_id', '=', paymentIntentId).executeTakeFirst();
      if (!row) return 0;
      let recorded = 0;
      for (const r of await deps.provider.refundsOf(paymentIntentId)) {
        const { events } = await completeRefund({ purchaseId: row.purchase_id, refundId: r.refundId, providerRefundId: r.providerRefundId, amountMinor: r.amountMinor, currency: r.currency }, metadata);
        if (events.length > 0) recorded += 1;
      }
      return recorded;
    },

    /** The outbox's delivery of one refund: asks the provider (idempotent by refund id), then records it. A failure throws: retried. */
    async deliverRefund(payload: unknown): Promise<void> {
      const { purchaseId, refundId } = payload as RefundPayload;
      const { state } = await queries.load(purchaseId);
      const refund = state.status === 'paid' ? state.refunds?.refunds[refundId] : undefined;
      if (state.status !== 'paid' || !refund || refund.completed) return;
      const p = state.purchase;
      const done = await deps.provider.refundPart({ purchaseId, refundId, paymentIntentId: p.paymentIntentId, amountMinor: refund.amountMinor, currency: p.currency });
      await completeRefund({ purchaseId, refundId, providerRefundId: done.providerRefundId, amountMinor: refund.amountMinor, currency: p.currency }, { actor: 'refund-outbox' });
    },
  };
}

export type RefundHandlers = ReturnType<typeof refundHandlers>;
