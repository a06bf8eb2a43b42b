import { createServer } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProductForSale } from '../../../modules/purchases/index.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { startStripeStandIn } from '../../support/stripe-stand-in.ts';
import { purchasesOn, refusal } from './fixture.ts';

const DAY = 86_400_000;
const product: ProductForSale = {
  key: 'field-theory', title: { pl: 'Teoria pola', en: 'Field theory' }, liveAt: new Date(Date.now() + 20 * DAY), durationMinutes: 180, published: true,
  recordingLink: null, liveLink: null, prices: [{ currency: 'PLN', amountMinor: 129000, priceId: 'pln' }, { currency: 'EUR', amountMinor: 30000, priceId: 'eur' }],
};
const WEBHOOK_SECRET = 'whsec_refusals';
const signer = new Stripe('sk_test_signer');
const sign = (payload: string) => signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });

/** A loopback port nothing listens on: connecting to it is refused at once, as an unreachable Stripe would be. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(backends)('refused checkouts and webhooks on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
  let closed: string;
  beforeAll(async () => {
    stand = await startStripeStandIn();
    closed = `http://127.0.0.1:${await closedPort()}`;
  });
  afterAll(async () => stand?.close());
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  const stripeEnv = (url: string) => ({ STRIPE_SECRET_KEY: 'sk_test_refusals', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: url });
  const start = (purchases: ReturnType<typeof purchasesOn>['purchases'], userId: string, ip?: string, priceId = 'pln') =>
    purchases.startCheckout({ userId, email: `${userId}@example.com`, productKey: product.key, priceId, locale: 'pl', ...(ip ? { ip } : {}) });
  const rows = () => handle.db.selectFrom('purchases').selectAll().execute();
  const purchaseEvents = () => handle.db.selectFrom('events').select('type').where('stream_id', 'like', 'purchase-%').execute();

  it('given Stripe cannot be reached, when a buyer starts a checkout, then it is refused as unavailable and nothing is recorded', async () => {
    const { purchases } = purchasesOn(handle, product, { env: stripeEnv(closed) });
    expect(await refusal(start(purchases, 'u1', '10.0.0.1'))).toBe('payment-unavailable');
    expect(await rows()).toEqual([]);
    expect(await purchaseEvents()).toEqual([]);
  });

  it('given an open checkout and then Stripe unreachable, when the buyer starts another, then it is refused and the open one stays as it was', async () => {
    const up = purchasesOn(handle, product, { env: stripeEnv(stand.url) }).purchases;
    const { purchaseId } = await start(up, 'u1');
    const down = purchasesOn(handle, product, { env: stripeEnv(closed) }).purchases;
    expect(await refusal(start(down, 'u1', undefined, 'eur'))).toBe('payment-unavailable');
    expect((await rows()).map((r) => [r.purchase_id, r.status])).toEqual([[purchaseId, 'pending']]);
    expect(await purchaseEvents()).toEqual([{ type: 'CheckoutStarted' }]);
  });

  it('given a genuinely signed checkout event whose data or session is missing, when it is delivered, then it is refused and nothing is recorded', async () => {
    const { purchases } = purchasesOn(handle, product, { env: stripeEnv(stand.url) });
    const event = (data: unknown) => JSON.stringify({ id: 'evt_hollow', object: 'event', type: 'checkout.session.completed', api_version: '2026-01-01', created: 1, data });
    for (const data of [null, {}, { object: null }, { object: 'cs_test_x' }, { object: { metadata: {} } }]) {
      const body = event(data);
      expect(await refusal(purchases.stripeWebhook(body, sign(body))), JSON.stringify(data)).toBe('bad-webhook-payload');
    }
    const body = JSON.stringify({ id: 'evt_other', object: 'event', type: 'payment_intent.created', data: null });
    expect(await purchases.stripeWebhook(body, sign(body))).toEqual({ kind: 'ignored', type: 'payment_intent.created' });
    expect(await rows()).toEqual([]);
  });

  it('given a buyer at their limit, when they start one more checkout, then it is refused until the window has passed', async () => {
    const clock = fixedClock('2026-05-04T10:00:00.000Z');
    const { purchases } = purchasesOn(handle, product, { clock, limits: { perUser: { max: 3, windowSeconds: 600 }, perIp: { max: 100, windowSeconds: 600 } } });
    for (let i = 0; i < 3; i++) await start(purchases, 'u1', '10.0.0.1');
    expect(await refusal(start(purchases, 'u1', '10.0.0.2'))).toBe('rate-limited');
    // Refused attempts count too, and another buyer from the same client is not held back by this one.
    expect(await refusal(start(purchases, 'u1', '10.0.0.3'))).toBe('rate-limited');
    expect(await refusal(start(purchases, 'u2', '10.0.0.1'))).toBe('accepted');
    clock.advance(600_000);
    expect(await refusal(start(purchases, 'u1', '10.0.0.1'))).toBe('accepted');
  });

  it('given a client at its limit, when any buyer from it starts a checkout, then it is refused; buyers elsewhere are not', async () => {
    const { purchases } = purchasesOn(handle, product, { limits: { perUser: { max: 100, windowSeconds: 600 }, perIp: { max: 4, windowSeconds: 600 } } });
    for (const user of ['u1', 'u2', 'u3', 'u4']) await start(purchases, user, '2001:db8:1:2::1');
    // The same subscriber's /64 is one client.
    expect(await refusal(start(purchases, 'u5', '2001:db8:1:2::99'))).toBe('rate-limited');
    expect(await refusal(start(purchases, 'u5', '192.0.2.7'))).toBe('accepted');
    expect(await rows()).toHaveLength(5);
  });
});
