import { INVOICE_TOPICS } from '../invoicing/index.ts';
import { sql } from 'kysely';
import { awaitedMailMessage, mailMessage } from '../mailing/index.ts';
import { joinLinks, reminderScheduleMessage } from '../meetings/index.ts';
import type { EventMetadata, OutboxMessage, Tx } from '../shared/events/index.ts';
import { appendAlongside, handleCommand, isDomainError } from '../shared/kernel/index.ts';
import { accessUntilFor, liveEndOf } from './access.ts';
import { confirmationMail } from './confirmation-mail.ts';
import type { ConsentGiven } from './consents.ts';
import type { PurchasesDeps } from './deps.ts';
import type { CheckoutStarted } from './purchase.ts';
import { ownershipDecider, ownershipStreamOf } from './ownership.ts';
import type { ProviderSession } from './providers.ts';
import { purchaseDecider, streamOf, type CompletePurchase, type PurchaseEvent } from './purchase.ts';
import type { PurchasesQueries } from './queries.ts';
import { refundMail } from './refund-mail.ts';
import { withdrawalLinks } from './withdrawal-link.ts';
import { besideSeats, lockedSeats, seatPolicyOf, type LockedSeats } from './seat-handlers.ts';
import { seatFor, type SeatPolicy } from './seats.ts';

/** Two-key advisory locks (namespace, hashtext(purchase id)) never collide with the event store's one-key append lock. */
const REFUND_LOCK = 7_300_101;

/** `mismatch`: paid, but not the sum the checkout asked for; recorded for the admin, and nothing is given for it. */
export type FulfilResult = 'recorded' | 'already-recorded' | 'duplicate-refunded' | 'refund-pending' | 'mismatch' | 'not-paid' | 'unknown';
export type RefundResult = 'refunded' | 'already-refunded' | 'in-progress' | 'nothing-due';
type Options = { metadata?: EventMetadata };

/** Recording payments: the confirmation for the owner, an automatic refund and its notice for a second payment. */
export function fulfilmentHandlers(deps: PurchasesDeps, queries: PurchasesQueries) {
  const links = withdrawalLinks(deps.secret, deps.ports.origin);
  const joins = joinLinks(deps.secret, deps.ports.origin);

  /**
   * The mail for whatever the decision turns out to be, prepared before the transaction (lookups must not queue behind
   * it on PGlite). The consents quoted are the purchase's ConsentGiven events, recorded with its checkout.
   */
  async function mailFor(userId: string, productKey: string, purchaseId?: string): Promise<(events: PurchaseEvent[]) => OutboxMessage[]> {
    const [buyer, product, history] = await Promise.all([deps.ports.buyers(userId), deps.ports.products(productKey),
      purchaseId ? deps.store.readStream(streamOf(purchaseId)) : []]);
    // The checkout asked for an invoice: it is issued once the payment commits (invoicing's outbox handler).
    const invoiceDue = history.some((e) => e.type === 'CheckoutStarted' && (e.data as CheckoutStarted['data']).invoiceRequested) && purchaseId
      ? [{ topic: INVOICE_TOPICS.issue, dedupeKey: `invoice-issue:${purchaseId}`, payload: { purchaseId } }] : [];
    // Its reminders are planned by meetings once the payment commits (one timed row per session and offset still due).
    const reminders = purchaseId ? [reminderScheduleMessage(purchaseId)] : [];
    if (!buyer || !product) return (events) => (events.some((e) => e.type === 'PurchaseCompleted') ? [...invoiceDue, ...reminders] : []);
    const origin = deps.ports.origin();
    const watchUrl = new URL(`/watch-video/${product.key}`, origin).href;
    const common = { buyer, product, siteName: deps.siteName, watchUrl };
    const consents = history.filter((e) => e.type === 'ConsentGiven').map((e) => e.data as ConsentGiven['data']);
    return (events) => events.flatMap((e) => {
      if (e.type === 'PurchaseCompleted') {
        const p = e.data;
        const now = deps.clock();
        // The meeting's own URL never goes out: the buyer's personal join link does, while a session is still ahead.
        const meetingAhead = product.liveLink !== null && liveEndOf(product) > now;
        return [awaitedMailMessage(`purchase-confirmation:${p.purchaseId}`, confirmationMail({ ...common, now, consents, organizer: deps.organizer,
          ...(meetingAhead ? { joinUrl: joins.joinLink(p.purchaseId) } : {}),
          terms: deps.ports.terms(buyer.language), withdrawUrl: links.withdrawalLink(p.purchaseId),
          trader: `${deps.siteName}, ${new URL('/kontakt', origin).href}`,
          purchase: { purchaseId: p.purchaseId, amountMinor: p.amountMinor, currency: p.currency,
            paidAt: new Date(p.paidAt), accessUntil: new Date(p.accessUntil) } })), ...invoiceDue, ...reminders];
      }
      if (e.type === 'DuplicatePaymentRefunded') return [mailMessage(`purchase-duplicate-refund:${e.data.purchaseId}`, refundMail({ ...common, refund: e.data }))];
      return [];
    });
  }

  /**
   * Records a payment. The first paid purchase of a product claims the buyer's ownership stream in the same
   * transaction, at the version read before deciding: of two payments racing on any number of instances, one
   * claims it and the other's append fails, is decided again, and sees the product owned (a duplicate, owed back).
   */
  async function complete(command: Omit<CompletePurchase, 'ownedThrough'>, policy: SeatPolicy | null, opts: Options & { outbox: (events: PurchaseEvent[]) => OutboxMessage[] }) {
    const capacity = policy?.capacity ?? null;
    const { purchaseId, userId, productKey, paidAt } = command.payment;
    let ownership = { owner: null as string | null, version: 0 };
    let seats: LockedSeats | null = null;
    return handleCommand(deps, purchaseDecider, streamOf(purchaseId), { ...command, ownedThrough: null }, {
      metadata: opts.metadata, outbox: opts.outbox,
      async prepare(tx, cmd) {
        ownership = await queries.ownerOf(userId, productKey, tx);
        if (capacity === null) return { ...cmd, ownedThrough: ownership.owner };
        // Under the seats lock until commit: the seat this payment takes cannot be held by a checkout meanwhile.
        seats = await lockedSeats(tx, deps, productKey);
        return { ...cmd, ownedThrough: ownership.owner, noSeat: seatFor(seats.state, purchaseId, capacity, paidAt, userId) === 'none' };
      },
      async alongside(tx, events) {
        const paid = events.find((e) => e.type === 'PurchaseCompleted');
        // A payment that buys nothing (owned already, or no seat left) gives back the seat its checkout held.
        const seated = seats && capacity !== null && events.some((e) => e.type === 'PurchaseCompleted' || e.type === 'DuplicatePaymentReceived')
          ? await besideSeats(tx, deps, seats, paid ? { type: 'TakeSeat', productKey, purchaseId, userId, capacity, at: paidAt }
            : { type: 'ReleaseSeat', productKey, purchaseId, reason: 'duplicate', at: paidAt, ...(policy ? { policy } : {}) }, opts.metadata)
          : [];
        if (!paid) return seated;
        const claims = ownershipDecider.decide({ type: 'ClaimOwnership', userId, productKey, purchaseId, at: paid.data.paidAt }, { owner: ownership.owner });
        const stream = { id: ownershipStreamOf(userId, productKey), version: ownership.version, state: { owner: ownership.owner } };
        return [...seated, ...await appendAlongside(deps.store, tx, stream, claims, ownershipDecider, opts.metadata)];
      },
    });
  }

  /**
   * Gives a duplicate payment back and records it. One caller at a time per purchase (a transaction-scoped
   * advisory lock, so across server instances too): the others answer 'in-progress' instead of asking the
   * provider again. A provider failure throws and leaves the refund due, to be retried (see settleDueRefunds).
   */
  async function settleRefund(purchaseId: string, opts: Options = {}): Promise<RefundResult> {
    const before = (await queries.load(purchaseId)).state;
    if (before.status !== 'refundDue') return before.status === 'refunded' ? 'already-refunded' : 'nothing-due';
    const outbox = await mailFor(before.payment.userId, before.payment.productKey);
    const decided = await deps.db.transaction().execute(async (tx) => {
      const lock = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${REFUND_LOCK}, hashtext(${purchaseId})) as locked`.execute(tx);
      if (!lock.rows[0]?.locked) return 'in-progress' as const;
      const record = { type: 'RecordRefund' as const, purchaseId, at: deps.clock().toISOString(), refund: { amountMinor: 0, currency: before.payment.currency, providerRefundId: '' } };
      return handleCommand(deps, purchaseDecider, streamOf(purchaseId), record, {
        tx: tx as unknown as Tx, metadata: opts.metadata, outbox,
        // Only a refund still due asks the provider; the decider ignores a recorded one and refuses anything else.
        async prepare(_tx, cmd, state) {
          if (state.status !== 'refundDue') return cmd;
          const p = state.payment;
          return { ...cmd, refund: await deps.provider.refund({ purchaseId, paymentIntentId: p.paymentIntentId, amountMinor: p.amountMinor, currency: p.currency }) };
        },
      }).catch((error: unknown) => {
        if (isDomainError(error, 'no-refund-due')) return 'nothing-due' as const;
        throw error;
      });
    });
    if (typeof decided === 'string') return decided;
    await deps.store.committed(decided.recorded);
    return decided.events.length > 0 ? 'refunded' : 'already-refunded';
  }

  /** Records a paid provider session exactly once, however often and in whatever order it is reported. */
  async function fulfil(session: ProviderSession, opts: Options = {}): Promise<FulfilResult> {
    if (!session.paid) return 'not-paid';
    if (!session.purchaseId || !session.userId || !session.productKey) return 'unknown';
    const product = await deps.ports.products(session.productKey);
    if (!product) return 'unknown';
    const price = product.prices.find((p) => p.currency === session.currency);
    const paidAt = deps.clock();
    const { events, state } = await complete({
      type: 'CompletePurchase',
      accessUntil: accessUntilFor(product, paidAt).toISOString(),
      catalogueAsks: price ? { amountMinor: price.amountMinor, currency: price.currency } : null,
      payment: {
        purchaseId: session.purchaseId, userId: session.userId, productKey: session.productKey, currency: session.currency,
        amountMinor: session.amountMinor, provider: deps.provider.name, providerSessionId: session.id, paymentIntentId: session.paymentIntentId,
        paidAt: paidAt.toISOString(),
      },
    }, seatPolicyOf(product), { metadata: opts.metadata, outbox: await mailFor(session.userId, session.productKey, session.purchaseId) });
    if (state.status === 'refundDue') {
      // Every report of a duplicate payment tries the refund until one succeeds: a failed attempt throws, so the webhook is redelivered.
      const refunded = await settleRefund(session.purchaseId, opts);
      if (refunded === 'refunded') return 'duplicate-refunded';
      if (refunded === 'in-progress') return 'refund-pending';
      // Another report of the same payment gave it back first: this one recorded a duplicate, never a purchase.
      return 'already-recorded';
    }
    if (events.some((e) => e.type === 'PaymentMismatchReceived')) return 'mismatch';
    return events.length > 0 ? 'recorded' : 'already-recorded';
  }

  /**
   * Retries refunds still due (a provider failure earlier), optionally for one buyer only, or only those due for
   * at least `minAgeMs` (leaving a fresh one to the delivery handling it); a failure is reported, not thrown.
   */
  async function settleDueRefunds(opts: { userId?: string; minAgeMs?: number; limit?: number; onError?: (purchaseId: string, error: unknown) => void } = {}) {
    let refunded = 0;
    for (const purchaseId of await queries.dueRefunds(opts)) {
      try {
        if ((await settleRefund(purchaseId, { metadata: { actor: 'refund-retry' } })) === 'refunded') refunded += 1;
      } catch (error) {
        opts.onError?.(purchaseId, error);
      }
    }
    return refunded;
  }

  return { fulfil, settleRefund, settleDueRefunds };
}

export type FulfilmentHandlers = ReturnType<typeof fulfilmentHandlers>;
