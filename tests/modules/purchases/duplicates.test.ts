import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type createPurchases, type ProductForSale } from '../../../modules/purchases/index.ts';
import type { createEventStore } from '../../../modules/shared/events/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { startStripeStandIn } from '../../support/stripe-stand-in.ts';
import { purchasesOn, refusal } from './fixture.ts';

const WEBHOOK_SECRET = 'whsec_test_duplicates';
const DAY = 86_400_000;
const product: ProductForSale = {
  key: 'trauma-seminar', title: { pl: 'Seminarium o traumie', en: 'Trauma seminar' }, liveAt: new Date(Date.now() + 10 * DAY), durationMinutes: 180, published: true,
  recordingLink: null, liveLink: null, prices: [{ currency: 'PLN', amountMinor: 29900, priceId: 'price_pln' }, { currency: 'USD', amountMinor: 7700, priceId: 'price_usd' }],
};
const signer = new Stripe('sk_test_signer');
const sign = (payload: string) => signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });

describe.each(backends)('one product, one owner, on $name (Stripe SDK against the stand-in, signed webhooks)', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
  let purchases: ReturnType<typeof createPurchases>;
  let store: ReturnType<typeof createEventStore>;
  beforeAll(async () => { stand = await startStripeStandIn({ price_pln: { amount: 29900, currency: 'pln' }, price_usd: { amount: 7700, currency: 'usd' } }); });
  afterAll(async () => stand?.close());
  beforeEach(async () => {
    handle = await openMigrated(backend);
    ({ purchases, store } = purchasesOn(handle, product, { env: { STRIPE_SECRET_KEY: 'sk_test_dup', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stand.url } }));
    stand.outage.refunds = false;
    stand.refunds.length = 0;
  });
  afterEach(async () => handle?.close());

  const start = async (priceId = 'price_pln') => {
    const r = await purchases.startCheckout({ userId: 'u1', email: 'buyer@example.com', productKey: product.key, priceId, locale: 'pl', consents: ['earlyStart'] });
    return [...stand.sessions.values()].find((s) => s.metadata.purchaseId === r.purchaseId)!;
  };
  /** Two checkouts started at the same moment (two tabs): both are open, the race expiry cannot close. */
  const racingCheckouts = async () => {
    stand.holdCheckouts(2);
    return Promise.all([start('price_pln'), start('price_usd')]);
  };
  const deliver = async (body: string) => {
    const outcome = purchases.stripe!.parseWebhook(body, sign(body));
    return outcome.kind === 'fulfil' ? purchases.fulfil(outcome.session) : 'ignored';
  };
  const rows = () => handle.db.selectFrom('purchases').selectAll().orderBy('status').execute();
  const mails = (kind: string) => handle.db.selectFrom('outbox').selectAll().where('dedupe_key', 'like', `mail:${kind}:%`).execute();
  const eventsOf = async (purchaseId: string) => (await store.readStream(`purchase-${purchaseId}`)).map((e) => e.type);
  const refundsOf = (pi: string | null) => stand.refunds.filter((r) => r.payment_intent === pi);

  it('expires the first open checkout at Stripe when the buyer starts a second, so only the newest can be paid', async () => {
    const first = await start();
    const second = await start('price_usd');
    expect(stand.requests.some((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${first.id}/expire`)).toBe(true);
    expect(stand.sessions.get(first.id)!.status).toBe('expired');
    expect(() => stand.pay(first.id)).toThrow(/cannot be paid/);
    expect(stand.sessions.get(second.id)!.status).toBe('open');
    const expired = await store.readStream(`purchase-${first.metadata.purchaseId}`);
    expect(expired.at(-1)).toMatchObject({ type: 'CheckoutExpired', data: { providerSessionId: first.id, supersededBy: second.metadata.purchaseId } });
    expect((await rows()).map((r) => [r.provider_session_id, r.status])).toEqual([[first.id, 'expired'], [second.id, 'pending']]);
    expect(await deliver(stand.event('checkout.session.completed', stand.pay(second.id)))).toBe('recorded');
    expect(await purchases.ownedKeys('u1')).toEqual([product.key]);
  });

  it('fulfils instead of expiring a checkout the buyer paid before starting another, and sells nothing twice', async () => {
    const first = await start();
    stand.pay(first.id);
    const created = () => stand.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    const before = created();
    expect(await refusal(purchases.startCheckout({ userId: 'u1', email: 'buyer@example.com', productKey: product.key, priceId: 'price_usd', locale: 'pl', consents: ['earlyStart'] })))
      .toBe('already-owned');
    expect((await rows()).map((r) => [r.provider_session_id, r.status])).toEqual([[first.id, 'paid']]);
    expect(created()).toBe(before);
    expect(await mails('purchase-confirmation')).toHaveLength(1);
  });

  it('refunds the second of two completed payments once, records it once and mails the buyer once', async () => {
    const [a, b] = await racingCheckouts();
    const paidA = stand.pay(a.id);
    const paidB = stand.pay(b.id);
    expect(await deliver(stand.event('checkout.session.completed', paidA))).toBe('recorded');
    expect(await deliver(stand.event('checkout.session.completed', paidB))).toBe('duplicate-refunded');
    expect(await deliver(stand.event('checkout.session.completed', paidB))).toBe('already-recorded');
    expect(refundsOf(paidA.payment_intent)).toEqual([]);
    expect(refundsOf(paidB.payment_intent)).toMatchObject([{ amount: 7700, currency: 'usd', reason: 'duplicate' }]);
    expect(stand.requests.find((r) => r.path === '/v1/refunds')!.idempotencyKey).toBe(`refund-${b.metadata.purchaseId}`);
    const refund = (await store.readStream(`purchase-${b.metadata.purchaseId}`)).filter((e) => e.type === 'DuplicatePaymentRefunded');
    expect(refund).toMatchObject([{ data: { amountMinor: 7_700, currency: 'USD', provider: 'stripe', providerRefundId: stand.refunds[0]!.id } }]);
    expect((await rows()).map((r) => [r.purchase_id, r.status, r.owned_through, r.provider_refund_id])).toEqual([
      [a.metadata.purchaseId, 'paid', null, null], [b.metadata.purchaseId, 'refunded', a.metadata.purchaseId, stand.refunds[0]!.id]]);
    expect(await purchases.ownedKeys('u1')).toEqual([product.key]);
    expect(await purchases.purchasesOf('u1')).toHaveLength(1);
    expect(await mails('purchase-confirmation')).toHaveLength(1);
    const [notice] = await mails('purchase-duplicate-refund');
    const payload = notice!.payload as { to: string; subject: string; text: string };
    expect(payload.to).toBe('buyer@example.com');
    expect(payload.subject).toBe('Zwrot podwójnej płatności: Seminarium o traumie');
    expect(payload.text).toMatch(/77\s?USD|USD\s?77/);
    expect(payload.text).toContain(stand.refunds[0]!.id);
    expect(payload.text).toContain('http://shop.test/watch-video/trauma-seminar');
  });

  it('owns once and refunds once when both payments are each delivered 20 times at once', async () => {
    const [a, b] = await racingCheckouts();
    const bodies = [stand.event('checkout.session.completed', stand.pay(a.id)), stand.event('checkout.session.completed', stand.pay(b.id))];
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => deliver(bodies[i % 2]!)));
    expect(results.filter((r) => r === 'recorded')).toHaveLength(1);
    expect(results.filter((r) => r === 'duplicate-refunded')).toHaveLength(1);
    expect(await purchases.purchasesOf('u1')).toHaveLength(1);
    expect((await rows()).map((r) => r.status)).toEqual(['paid', 'refunded']);
    expect(stand.refunds).toHaveLength(1);
    const [owner] = await purchases.purchasesOf('u1');
    const duplicate = [a, b].find((s) => s.metadata.purchaseId !== owner!.purchase_id)!;
    expect(stand.refunds[0]!.payment_intent).toBe(stand.sessions.get(duplicate.id)!.payment_intent);
    expect((await eventsOf(duplicate.metadata.purchaseId!)).filter((t) => t === 'DuplicatePaymentRefunded')).toHaveLength(1);
    expect(await mails('purchase-duplicate-refund')).toHaveLength(1);
    expect(await mails('purchase-confirmation')).toHaveLength(1);
  });

  it('keeps a refund that failed at Stripe due, and gives the money back on the next delivery or reconciliation', async () => {
    const [a, b] = await racingCheckouts();
    await deliver(stand.event('checkout.session.completed', stand.pay(a.id)));
    const paidB = stand.event('checkout.session.completed', stand.pay(b.id));
    stand.outage.refunds = true;
    await expect(deliver(paidB)).rejects.toThrow(/stand-in outage/);
    expect((await rows()).map((r) => r.status)).toEqual(['paid', 'refund_due']);
    expect(await mails('purchase-duplicate-refund')).toEqual([]);
    await expect(deliver(paidB)).rejects.toThrow(/stand-in outage/);
    expect(await purchases.reconcile('u1')).toBe(0);
    expect(stand.refunds).toEqual([]);
    stand.outage.refunds = false;
    expect(await purchases.reconcile('u1')).toBe(0);
    expect(stand.refunds).toHaveLength(1);
    expect(await deliver(paidB)).toBe('already-recorded');
    expect((await rows()).map((r) => r.status)).toEqual(['paid', 'refunded']);
    expect(await mails('purchase-duplicate-refund')).toHaveLength(1);
  });

  it('takes the refund Stripe already made when its idempotency key is long gone', async () => {
    const [a, b] = await racingCheckouts();
    await deliver(stand.event('checkout.session.completed', stand.pay(a.id)));
    const paidB = stand.pay(b.id);
    // Refunded at Stripe (say, an answer lost a day ago) but not yet recorded here.
    const early = await new Stripe('sk_test_dup', { host: '127.0.0.1', port: new URL(stand.url).port, protocol: 'http' }).refunds.create({ payment_intent: paidB.payment_intent! });
    expect(await deliver(stand.event('checkout.session.completed', paidB))).toBe('duplicate-refunded');
    expect(stand.refunds).toHaveLength(1);
    expect((await store.readStream(`purchase-${b.metadata.purchaseId}`)).at(-1)).toMatchObject({ type: 'DuplicatePaymentRefunded', data: { providerRefundId: early.id } });
  });

  it('treats a purchase paid before ownership was recorded as the owner', async () => {
    const [a, b] = await racingCheckouts();
    await deliver(stand.event('checkout.session.completed', stand.pay(a.id)));
    await sql`delete from events where stream_id like 'ownership-%'`.execute(handle.db);
    expect(await deliver(stand.event('checkout.session.completed', stand.pay(b.id)))).toBe('duplicate-refunded');
    expect(await purchases.purchasesOf('u1')).toMatchObject([{ purchase_id: a.metadata.purchaseId }]);
  });

  it('rebuilds expired, paid and refunded rows from the log to the same rows', async () => {
    const early = await start('price_usd');
    const [a, b] = await racingCheckouts(); // both close the earlier checkout: Stripe expires it once, the log records it once
    expect(stand.sessions.get(early.id)!.status).toBe('expired');
    expect((await eventsOf(early.metadata.purchaseId!)).filter((t) => t === 'CheckoutExpired')).toHaveLength(1);
    await deliver(stand.event('checkout.session.completed', stand.pay(a.id)));
    await deliver(stand.event('checkout.session.completed', stand.pay(b.id)));
    const live = await handle.db.selectFrom('purchases').selectAll().orderBy('purchase_id').execute();
    expect(live.map((r) => r.status).sort()).toEqual(['expired', 'paid', 'refunded']);
    await sql`update purchases set status = 'pending', expired_at = null, refunded_at = null, owned_through = null`.execute(handle.db);
    await store.rebuildProjections();
    expect(await handle.db.selectFrom('purchases').selectAll().orderBy('purchase_id').execute()).toEqual(live);
  });
});
