import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { createPurchases, ProductForSale } from '../../../modules/purchases/index.ts';
import type { createEventStore } from '../../../modules/shared/events/index.ts';
import { createOutboxWorker } from '../../../modules/shared/outbox/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { startStripeStandIn } from '../../support/stripe-stand-in.ts';
import { purchasesOn, refusal } from './fixture.ts';

const WEBHOOK_SECRET = 'whsec_test_refunds';
const DAY = 86_400_000;
const product: ProductForSale = {
  key: 'trauma-seminar', title: { pl: 'Seminarium o traumie', en: 'Trauma seminar' }, liveAt: new Date(Date.now() + 10 * DAY), durationMinutes: 180, published: true,
  recordingLink: 'media:trauma.m3u8', liveLink: 'https://meet.example/trauma', prices: [{ currency: 'PLN', amountMinor: 29900, priceId: 'price_pln' }],
};
const signer = new Stripe('sk_test_signer');
const sign = (payload: string) => signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
const admin = { kind: 'admin' as const, userId: 'a1' };
type Purchases = ReturnType<typeof createPurchases>;

/** What the buyer and the admin see of one purchase: the attendee row, what the buyer may watch, and the buyer's mail. */
async function seen(handle: Awaited<ReturnType<typeof openMigrated>>, purchases: Purchases) {
  const list = await purchases.attendees(product.key).catch(() => null);
  const mails = await handle.db.selectFrom('outbox').select(['dedupe_key', 'payload']).where('dedupe_key', 'like', 'mail:purchase-refund:%').execute();
  return { owned: await purchases.ownedKeys('u1'), links: await purchases.linksFor('u1', product.key), list, mails: mails.map((m) => (m.payload as { subject: string }).subject) };
}

describe.each(backends)('refunds on the dev checkout, on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let purchases: Purchases;
  beforeEach(async () => {
    handle = await openMigrated(backend);
    ({ purchases } = purchasesOn(handle, product, { listing: { key: product.key } as never }));
  });
  afterEach(async () => handle?.close());

  const buy = async () => {
    const { purchaseId } = await purchases.startCheckout({ userId: 'u1', email: 'u1@example.com', productKey: product.key, priceId: 'price_pln', locale: 'pl', consents: ['earlyStart'] });
    expect(await purchases.payDevCheckout(purchaseId, 'u1')).toBe('recorded');
    return purchaseId;
  };

  it('records a partial refund at once, keeps access, then a full one ends it and the buyer may buy again', async () => {
    const purchaseId = await buy();
    const partial = await purchases.requestRefund({ purchaseId, amountMinor: 10_000, reason: 'spóźniony start', requestedBy: admin, revokeAccess: false });
    expect(partial).toMatchObject({ status: 'completed', accessEnded: false });
    let now = await seen(handle, purchases);
    expect(now.owned).toEqual([product.key]);
    const linkBefore = now.links;
    expect(linkBefore.watchURL).toMatch(/^\/media\/recordings\//);
    expect(now.list?.attendees).toEqual([expect.objectContaining({ purchaseId, state: 'partlyRefunded', refundedAmount: 100 })]);
    expect(now.mails).toEqual(['Zwrot płatności: Seminarium o traumie']);

    expect(await refusal(purchases.requestRefund({ purchaseId, amountMinor: 19_901, reason: 'x', requestedBy: admin, revokeAccess: false }))).toBe('refund-exceeds-paid');
    const rest = await purchases.requestRefund({ purchaseId, amountMinor: 19_900, reason: 'odwołane', requestedBy: admin, revokeAccess: false });
    expect(rest).toMatchObject({ status: 'completed', accessEnded: true });
    now = await seen(handle, purchases);
    expect(now.owned).toEqual([]);
    expect(now.links).toEqual({});
    expect(now.list?.attendees).toEqual([expect.objectContaining({ purchaseId, state: 'refunded', refundedAmount: 299 })]);
    expect(now.list?.totals).toMatchObject({ paid: [{ currency: 'PLN', count: 1, amount: 299 }], refunded: [{ currency: 'PLN', count: 1, amount: 299 }] });
    expect(now.list?.owners).toEqual([]);
    expect(await refusal(purchases.requestRefund({ purchaseId, amountMinor: 100, reason: 'again', requestedBy: admin, revokeAccess: false }))).toBe('refund-already-full');
    expect(await refusal(purchases.recordPlayback('u1', product.key))).toBe('no-access');
    expect(await refusal(purchases.recordingAccess(product.key, new URLSearchParams(linkBefore.watchURL!.split('?')[1])))).toBe('no-access');

    const again = await buy();
    expect(again).not.toBe(purchaseId);
    expect(await purchases.ownedKeys('u1')).toEqual([product.key]);
  });

  it('ends access with a partial refund when asked to', async () => {
    const purchaseId = await buy();
    expect(await purchases.requestRefund({ purchaseId, amountMinor: 5_000, reason: 'nie chce', requestedBy: admin, revokeAccess: true })).toMatchObject({ accessEnded: true });
    expect(await purchases.ownedKeys('u1')).toEqual([]);
  });

  it('makes one refund of a double submit (the same refund id) and of two full refunds racing', async () => {
    const purchaseId = await buy();
    const refundId = '7b0c4c1e-3f0a-4a57-9d0b-5c1c7d9e0a11';
    const ask = { purchaseId, refundId, amountMinor: 10_000, reason: 'dwa kliknięcia', requestedBy: admin, revokeAccess: false };
    const answers = await Promise.all([purchases.requestRefund(ask), purchases.requestRefund(ask)]);
    expect(answers.map((a) => a.refundId)).toEqual([refundId, refundId]);
    const full = { purchaseId, amountMinor: 19_900, reason: 'dwie karty', requestedBy: admin, revokeAccess: false };
    const raced = await Promise.all([refusal(purchases.requestRefund(full)), refusal(purchases.requestRefund(full))]);
    expect(raced.sort()).toEqual(['accepted', 'refund-already-full']);
    const refunds = await handle.db.selectFrom('purchase_refunds').select(['amount_minor', 'completed_at']).where('purchase_id', '=', purchaseId).execute();
    expect(refunds.map((r) => r.amount_minor).sort()).toEqual([10_000, 19_900]);
    expect((await seen(handle, purchases)).mails).toHaveLength(2);
  });

  it('refuses a refund id that belongs to another purchase, before and in a race, and keeps that buyer\'s access', async () => {
    const first = await buy();
    const { purchaseId: second } = await purchases.startCheckout({ userId: 'u2', email: 'u2@example.com', productKey: product.key, priceId: 'price_pln', locale: 'pl', consents: ['earlyStart'] });
    expect(await purchases.payDevCheckout(second, 'u2')).toBe('recorded');
    const refundId = '0d8e2c54-61a9-4c7e-a1de-3b0f7f1b2c3d';
    const ask = (purchaseId: string, id = refundId) => ({ purchaseId, refundId: id, amountMinor: 29_900, reason: 'odwołane', requestedBy: admin, revokeAccess: true });
    expect(await purchases.requestRefund(ask(first))).toMatchObject({ refundId, status: 'completed', accessEnded: true });
    expect(await refusal(purchases.requestRefund(ask(second)))).toBe('refund-id-taken');
    expect(await purchases.ownedKeys('u2')).toEqual([product.key]);
    const rows = await handle.db.selectFrom('purchase_refunds').select(['purchase_id', 'refund_id']).execute();
    expect(rows).toEqual([{ purchase_id: first, refund_id: refundId }]);
    expect((await seen(handle, purchases)).mails).toHaveLength(1);
    // The same id asked of the first purchase again is the same refund, not a refusal.
    expect(await purchases.requestRefund(ask(first))).toMatchObject({ refundId, status: 'completed' });

    // Two purchases racing for one new id: the claim in the refund's transaction lets exactly one have it.
    const third = await buy();
    const raced = await Promise.all([refusal(purchases.requestRefund(ask(second, 'race-id'))), refusal(purchases.requestRefund(ask(third, 'race-id')))]);
    expect(raced.sort()).toEqual(['accepted', 'refund-id-taken']);
    const holders = await handle.db.selectFrom('purchase_refunds').select('purchase_id').where('refund_id', '=', 'race-id').execute();
    expect(holders).toHaveLength(1);
    const refused = holders[0]!.purchase_id === second ? 'u1' : 'u2';
    expect(await purchases.ownedKeys(refused)).toEqual([product.key]);
  });

  it('refuses to refund a grant by hand, an unknown purchase, no reason and nothing', async () => {
    const { purchaseId } = await purchases.grantAccess({ productKey: product.key, email: 'u1@example.com', reason: 'przelew', adminId: 'a1' });
    expect(await refusal(purchases.requestRefund({ purchaseId, amountMinor: 100, reason: 'x', requestedBy: admin, revokeAccess: false }))).toBe('refund-not-paid');
    expect(await refusal(purchases.requestRefund({ purchaseId: 'nope', amountMinor: 100, reason: 'x', requestedBy: admin, revokeAccess: false }))).toBe('purchase-not-found');
    await purchases.revokeAccess(purchaseId, 'a1');
    const paid = await buy();
    expect(await refusal(purchases.requestRefund({ purchaseId: paid, amountMinor: 100, reason: ' ', requestedBy: admin, revokeAccess: false }))).toBe('refund-reason-missing');
    expect(await refusal(purchases.requestRefund({ purchaseId: paid, amountMinor: 0, reason: 'x', requestedBy: admin, revokeAccess: false }))).toBe('refund-invalid-amount');
  });
});

describe.each(backends)('refunds through Stripe on $name (the SDK against the stand-in, signed charge.refunded)', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
  let purchases: Purchases;
  let store: ReturnType<typeof createEventStore>;
  beforeAll(async () => { stand = await startStripeStandIn(); });
  afterAll(async () => stand?.close());
  beforeEach(async () => {
    handle = await openMigrated(backend);
    ({ purchases, store } = purchasesOn(handle, product, { listing: { key: product.key } as never,
      env: { STRIPE_SECRET_KEY: 'sk_test_refunds', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stand.url } }));
    stand.outage.refunds = false;
  });
  afterEach(async () => handle?.close());

  const worker = () => createOutboxWorker(handle.db, { handlers: purchases.outboxHandlers, backoffMs: () => 60_000, topics: ['purchase-refund'] });
  /** A minute passes: a failed delivery is due again. */
  const minuteLater = () => handle.db.updateTable('outbox').set({ next_attempt_at: new Date(Date.now() - 1000) }).where('status', '=', 'pending').execute();
  const paid = async () => {
    const { purchaseId } = await purchases.startCheckout({ userId: 'u1', email: 'u1@example.com', productKey: product.key, priceId: 'price_pln', locale: 'pl', consents: ['earlyStart'] });
    const session = [...stand.sessions.values()].find((s) => s.metadata.purchaseId === purchaseId)!;
    stand.pay(session.id);
    expect(await purchases.fulfil(await purchases.stripe!.retrieve(session.id))).toBe('recorded');
    return { purchaseId, pi: stand.sessions.get(session.id)!.payment_intent! };
  };
  const webhook = (body: string) => purchases.stripeWebhook(body, sign(body));
  const stateOf = async () => (await purchases.attendees(product.key)).attendees[0]!;

  it('moves the money once through the outbox, with the purchase and refund ids as the Idempotency-Key, pending while Stripe fails', async () => {
    const { purchaseId, pi } = await paid();
    stand.outage.refunds = true;
    const asked = await purchases.requestRefund({ purchaseId, amountMinor: 29_900, reason: 'odwołane', requestedBy: admin, revokeAccess: false });
    expect(asked).toMatchObject({ status: 'pending', accessEnded: true });
    expect(await purchases.ownedKeys('u1')).toEqual([]);
    expect(await worker().drainOnce()).toBe(1);
    expect(await stateOf()).toMatchObject({ state: 'refundPending', refundPendingAmount: 299, refundedAmount: 0 });
    const row = await handle.db.selectFrom('outbox').select(['status', 'last_error']).where('dedupe_key', '=', `refund:${purchaseId}:${asked.refundId}`).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', last_error: expect.stringContaining('outage') });

    expect(await worker().drainOnce(), 'not before its time').toBe(0);
    await minuteLater();
    expect(await worker().drainOnce(), 'still failing').toBe(1);
    stand.outage.refunds = false;
    await minuteLater();
    expect(await worker().drainOnce()).toBe(1);
    await minuteLater();
    expect(await worker().drainOnce(), 'done: never sent again').toBe(0);
    expect(stand.refunds.filter((r) => r.payment_intent === pi)).toEqual([expect.objectContaining({ amount: 29_900, metadata: { purchaseId, refundId: asked.refundId } })]);
    const posts = stand.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.body.payment_intent === pi);
    expect(new Set(posts.map((p) => p.idempotencyKey))).toEqual(new Set([`refund:${purchaseId}:${asked.refundId}`]));
    expect(await stateOf()).toMatchObject({ state: 'refunded', refundedAmount: 299, refundPendingAmount: 0 });

    // Stripe confirms it by webhook, twice: nothing more is recorded.
    const body = stand.chargeRefunded(pi);
    expect(await webhook(body)).toEqual({ kind: 'refunds', paymentIntent: pi, recorded: 0 });
    expect(await webhook(body)).toEqual({ kind: 'refunds', paymentIntent: pi, recorded: 0 });
    const types = (await store.readStream(`purchase-${purchaseId}`)).map((e) => e.type);
    expect(types.filter((t) => t === 'RefundCompleted')).toHaveLength(1);
  });

  it('records refunds made in the dashboard once each, however the deliveries repeat or cross', async () => {
    const { purchaseId, pi } = await paid();
    stand.refundInDashboard(pi, 5_000);
    const first = stand.chargeRefunded(pi);
    stand.refundInDashboard(pi, 24_900);
    const second = stand.chargeRefunded(pi);
    // The later event first, then the earlier one, then the later again.
    expect(await webhook(second)).toMatchObject({ recorded: 2 });
    expect(await webhook(first)).toMatchObject({ recorded: 0 });
    expect(await webhook(second)).toMatchObject({ recorded: 0 });
    const events = (await store.readStream(`purchase-${purchaseId}`)).map((e) => e.type);
    expect(events.filter((t) => t === 'RefundCompleted')).toHaveLength(2);
    expect(events).toContain('PurchaseAccessEnded');
    expect(await purchases.ownedKeys('u1')).toEqual([]);
    expect(await stateOf()).toMatchObject({ state: 'refunded', refundedAmount: 299 });
    expect(await refusal(purchases.stripeWebhook(first.replace('"charge.refunded"', '"charge.refunded" '), sign(first)))).toBe('bad-signature');
  });
});
