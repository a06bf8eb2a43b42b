import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebhookSignatureError, type createPurchases, type ProductForSale } from '../../../modules/purchases/index.ts';
import type { createEventStore } from '../../../modules/shared/events/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { startStripeStandIn } from '../../support/stripe-stand-in.ts';
import { joinLinkOf, purchasesOn, refusal } from './fixture.ts';

const WEBHOOK_SECRET = 'whsec_test_secret_for_signatures';
const DAY = 86_400_000;
const product: ProductForSale = {
  key: 'trauma-seminar', title: { pl: 'Seminarium o traumie', en: 'Trauma seminar' }, liveAt: new Date(Date.now() + 10 * DAY), durationMinutes: 180, published: true, recordingLink: null, liveLink: 'https://meet.example/live',
  prices: [{ currency: 'USD', amountMinor: 7700, priceId: 'price_usd' }, { currency: 'PLN', amountMinor: 29900, priceId: 'price_pln' }, { currency: 'EUR', amountMinor: 6800, priceId: 'eur-inline' }],
};
const signer = new Stripe('sk_test_signer');
const sign = (payload: string, secret = WEBHOOK_SECRET) => signer.webhooks.generateTestHeaderString({ payload, secret });

describe.each(backends)('Stripe purchases on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
  let purchases: ReturnType<typeof createPurchases>;
  let store: ReturnType<typeof createEventStore>;
  beforeAll(async () => { stand = await startStripeStandIn({ price_usd: { amount: 7700, currency: 'usd' }, price_pln: { amount: 29900, currency: 'pln' } }); });
  afterAll(async () => stand?.close());
  beforeEach(async () => {
    handle = await openMigrated(backend);
    ({ purchases, store } = purchasesOn(handle, product, { env: { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stand.url } }));
  });
  afterEach(async () => handle?.close());

  const start = async (priceId = 'price_pln', userId = 'u1') => {
    const r = await purchases.startCheckout({ userId, email: 'buyer@example.com', productKey: product.key, priceId, locale: 'pl', consents: ['earlyStart'] });
    return [...stand.sessions.values()].find((s) => s.metadata.purchaseId === r.purchaseId)!;
  };
  const deliver = async (body: string, signature: string | null = sign(body)) => {
    const outcome = purchases.stripe!.parseWebhook(body, signature);
    return outcome.kind === 'fulfil' ? purchases.fulfil(outcome.session) : 'ignored';
  };
  const paidRows = () => handle.db.selectFrom('purchases').selectAll().where('status', '=', 'paid').execute();

  it('creates a Checkout Session through the SDK with the catalogue price, e-mail, locale, URLs and metadata', async () => {
    const session = await start();
    const sent = stand.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(sent.auth).toBe('Bearer sk_test_123');
    expect(sent.idempotencyKey).toMatch(/^checkout-/);
    expect(sent.body).toMatchObject({ mode: 'payment', customer_email: 'buyer@example.com', locale: 'pl',
      success_url: 'http://shop.test/video#nowy-film', cancel_url: 'http://shop.test/anulowano-platnosc',
      line_items: { 0: { quantity: '1', price_data: { currency: 'pln', unit_amount: '29900', product_data: { name: 'Seminarium o traumie' } } } },
      metadata: { userId: 'u1', productKey: product.key } });
    expect((sent.body.line_items as Record<string, object>)['0']).not.toHaveProperty('price');
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const [row] = await handle.db.selectFrom('purchases').selectAll().execute();
    expect(row).toMatchObject({ status: 'pending', provider_session_id: session.id, amount: 299, currency: 'PLN' });
  });

  it('charges the catalogue\'s amount after a price edit, never the amount of a Stripe Price of the same id', async () => {
    const pln = product.prices[1]!;
    pln.amountMinor = 34_900;
    try {
      const session = await start('price_pln');
      const sent = stand.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
      expect(sent.body).toMatchObject({ line_items: { 0: { price_data: { currency: 'pln', unit_amount: '34900' } } } });
      // What Stripe's session says it will take is what the catalogue says, not the 299 PLN the stand-in's price_pln holds.
      expect([session.amount_total, session.currency]).toEqual([34_900, 'pln']);
      expect(await deliver(stand.event('checkout.session.completed', stand.pay(session.id)))).toBe('recorded');
      expect(await paidRows()).toMatchObject([{ amount: 349, currency: 'PLN' }]);
      const [started] = await store.readStream(`purchase-${session.metadata.purchaseId}`);
      expect(started).toMatchObject({ type: 'CheckoutStarted', data: { amountMinor: 34_900, currency: 'PLN' } });
    } finally {
      pln.amountMinor = 29_900;
    }
  });

  it('refuses a genuinely signed payment of another sum or currency: a mismatch for the admin, no purchase, no access', async () => {
    for (const [userId, change] of [['u1', { amount_total: 100 }], ['u2', { currency: 'eur', amount_total: 29_900 }]] as const) {
      const session = await start('price_pln', userId);
      const paid = { ...stand.pay(session.id), ...change };
      const body = stand.event('checkout.session.completed', paid);
      expect(await refusal(purchases.stripeWebhook(body, sign(body)))).toBe('accepted');
      expect(await deliver(body), 'a redelivery changes nothing').toBe('already-recorded');
      const events = await store.readStream(`purchase-${session.metadata.purchaseId}`);
      expect(events.map((e) => e.type)).toEqual(['CheckoutStarted', 'ConsentGiven', 'PaymentMismatchReceived']);
      expect(events[2]!.data).toMatchObject({ amountMinor: paid.amount_total, currency: paid.currency.toUpperCase(), asked: { amountMinor: 29_900, currency: 'PLN' } });
      expect(events[2]!.metadata.concerns).toEqual([userId]);
      expect(await purchases.linksFor(userId, product.key)).toEqual({});
      expect(await purchases.library(userId)).toEqual([]);
    }
    expect(await paidRows()).toEqual([]);
    const rows = await handle.db.selectFrom('purchases').select(['user_id', 'status', 'amount', 'currency']).orderBy('user_id').execute();
    expect(rows).toEqual([{ user_id: 'u1', status: 'mismatch', amount: 1, currency: 'PLN' }, { user_id: 'u2', status: 'mismatch', amount: 299, currency: 'EUR' }]);
    const mail = await handle.db.selectFrom('outbox').select('id').where('dedupe_key', 'like', 'mail:purchase-confirmation:%').execute();
    expect(mail, 'no confirmation for a payment that bought nothing').toEqual([]);
  });

  it('answers the webhook with the mismatch, so Stripe stops delivering it', async () => {
    const session = await start();
    const body = stand.event('checkout.session.completed', { ...stand.pay(session.id), amount_total: 1 });
    expect(await purchases.stripeWebhook(body, sign(body))).toEqual({ kind: 'fulfilled', session: session.id, result: 'mismatch' });
  });

  it('refuses an unknown product, a price of another product, and something already owned', async () => {
    const base = { userId: 'u1', email: 'b@x.pl', locale: 'en' as const };
    const created = () => stand.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    const before = created();
    expect(await refusal(purchases.startCheckout({ ...base, productKey: 'nope', priceId: 'price_pln' }))).toBe('unknown-product');
    expect(await refusal(purchases.startCheckout({ ...base, productKey: product.key, priceId: 'price_of_something_else' }))).toBe('unknown-price');
    expect(created(), 'no checkout session is asked for a refused checkout').toBe(before);
    const session = await start();
    await deliver(stand.event('checkout.session.completed', stand.pay(session.id)));
    expect(await refusal(purchases.startCheckout({ ...base, productKey: product.key, priceId: 'price_usd' }))).toBe('already-owned');
  });

  it('records a signed checkout.session.completed once, with amount, currency, provider ids, access and a confirmation mail', async () => {
    const session = await start();
    const paid = stand.pay(session.id);
    expect(await deliver(stand.event('checkout.session.completed', paid))).toBe('recorded');
    const [row] = await paidRows();
    expect(row).toMatchObject({ user_id: 'u1', product_key: product.key, amount: 299, currency: 'PLN', provider: 'stripe',
      provider_session_id: session.id, payment_intent_id: paid.payment_intent });
    expect(row!.access_until!.getTime()).toBe(product.liveAt.getTime() + 90 * DAY);
    const mail = await handle.db.selectFrom('outbox').selectAll().where('dedupe_key', 'like', 'mail:purchase-confirmation:%').execute();
    expect(mail).toHaveLength(1);
    const payload = mail[0]!.payload as { to: string; subject: string; text: string; calendar: { method: string; content: string } };
    expect(payload.to).toBe('buyer@example.com');
    expect(payload.subject).toBe('Potwierdzenie zakupu: Seminarium o traumie');
    expect(payload.text).toContain('http://shop.test/watch-video/trauma-seminar');
    expect(payload.text).toMatch(/299\s?zł/);
    expect(payload.calendar.method).toBe('REQUEST');
    expect(payload.calendar.content).toContain('BEGIN:VEVENT');
  });

  it('rejects a bad or missing signature and changes nothing', async () => {
    const session = await start();
    const body = stand.event('checkout.session.completed', stand.pay(session.id));
    expect(await refusal(purchases.stripeWebhook(body, sign(body, 'whsec_wrong')))).toBe('bad-signature');
    expect(await refusal(purchases.stripeWebhook(body, null))).toBe('bad-signature');
    expect(await refusal(purchases.stripeWebhook(body.replace('"paid"', '"paid" '), sign(body)))).toBe('bad-signature');
    expect(() => purchases.stripe!.parseWebhook(body, null)).toThrow(WebhookSignatureError);
    expect(await paidRows()).toHaveLength(0);
  });

  it('treats duplicates, retries and out-of-order events as one purchase', async () => {
    const session = await start();
    expect(await deliver(stand.event('checkout.session.completed', { ...session }))).toBe('not-paid');
    const paid = stand.pay(session.id);
    expect(await deliver(stand.event('checkout.session.async_payment_succeeded', paid))).toBe('recorded');
    const completed = stand.event('checkout.session.completed', paid, 'evt_same');
    expect(await deliver(completed)).toBe('already-recorded');
    expect(await deliver(completed)).toBe('already-recorded');
    expect(await deliver(stand.event('payment_intent.succeeded', paid))).toBe('ignored');
    expect(await paidRows()).toHaveLength(1);
    expect((await store.readStream(`purchase-${paid.metadata.purchaseId}`)).map((e) => e.type)).toEqual(['CheckoutStarted', 'ConsentGiven', 'PurchaseCompleted']);
  });

  it('records 20 concurrent deliveries of one event as exactly one purchase and one e-mail', async () => {
    const session = await start();
    const body = stand.event('checkout.session.completed', stand.pay(session.id), 'evt_concurrent');
    const results = await Promise.all(Array.from({ length: 20 }, () => deliver(body)));
    expect(results.filter((r) => r === 'recorded')).toHaveLength(1);
    expect(results.filter((r) => r === 'already-recorded')).toHaveLength(19);
    expect(await paidRows()).toHaveLength(1);
    const mails = await handle.db.selectFrom('outbox').select('id').where('dedupe_key', 'like', 'mail:purchase-confirmation:%').execute();
    expect(mails).toHaveLength(1);
  });

  it('keeps a paid purchase even when our checkout record is missing (webhook carries the metadata)', async () => {
    const session = await start();
    await sql`delete from events`.execute(handle.db);
    await sql`delete from purchases`.execute(handle.db);
    expect(await deliver(stand.event('checkout.session.completed', stand.pay(session.id)))).toBe('recorded');
    expect(await paidRows()).toHaveLength(1);
  });

  it('reconciles a buyer who returns before the webhook', async () => {
    const session = await start();
    expect(await purchases.reconcile('u1')).toBe(0);
    stand.pay(session.id);
    expect(await purchases.reconcile('u1')).toBe(1);
    expect(await purchases.reconcile('u1')).toBe(0);
    expect(await deliver(stand.event('checkout.session.completed', stand.sessions.get(session.id)!))).toBe('already-recorded');
    expect(await paidRows()).toHaveLength(1);
  });

  it('records the first playback once, only for an owner', async () => {
    expect(await refusal(purchases.recordPlayback('u1', product.key))).toBe('no-access');
    const session = await start();
    await deliver(stand.event('checkout.session.completed', stand.pay(session.id)));
    expect(await refusal(purchases.recordPlayback('u2', product.key))).toBe('no-access');
    expect(await purchases.recordPlayback('u1', product.key)).toBe('recorded');
    expect(await purchases.recordPlayback('u1', product.key)).toBe('already-recorded');
    expect((await paidRows())[0]!.playback_started_at).not.toBeNull();
  });

  it('gives the live link only to an owner inside the window', async () => {
    expect(await purchases.linksFor(null, product.key)).toEqual({});
    expect(await purchases.linksFor('u1', product.key)).toEqual({});
    const session = await start();
    expect(await purchases.linksFor('u1', product.key)).toEqual({});
    await deliver(stand.event('checkout.session.completed', stand.pay(session.id)));
    expect(await purchases.linksFor('u1', product.key)).toEqual({ meetLink: joinLinkOf(session.metadata.purchaseId!) });
    expect(await purchases.linksFor('u2', product.key)).toEqual({});
    await sql`update purchases set access_until = now() - interval '1 second'`.execute(handle.db);
    expect(await purchases.linksFor('u1', product.key)).toEqual({});
  });

  it('rebuilds the purchases read model from the log to the same rows', async () => {
    for (const user of ['u1', 'u2', 'u3']) {
      const session = await start('price_pln', user);
      if (user !== 'u3') await deliver(stand.event('checkout.session.completed', stand.pay(session.id)));
    }
    await purchases.recordPlayback('u1', product.key);
    const live = await handle.db.selectFrom('purchases').selectAll().orderBy('purchase_id').execute();
    await sql`update purchases set amount = 0`.execute(handle.db);
    await store.rebuildProjections();
    expect(await handle.db.selectFrom('purchases').selectAll().orderBy('purchase_id').execute()).toEqual(live);
  });
});
