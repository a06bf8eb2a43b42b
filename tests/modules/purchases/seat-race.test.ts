import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HOLD_MINUTES, type createPurchases, type ProductForSale } from '../../../modules/purchases/index.ts';
import { connectPostgres, type DatabaseHandle } from '../../../modules/shared/db/index.ts';
import { backends, onPostgres, openMigrated } from '../../support/databases.ts';
import { startStripeStandIn } from '../../support/stripe-stand-in.ts';
import { purchasesOn, refusal } from './fixture.ts';

const WEBHOOK_SECRET = 'whsec_test_secret_for_seats';
const signer = new Stripe('sk_test_signer');
const sign = (payload: string) => signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
const DAY = 86_400_000;
const START = Date.now();
const product = (capacity: number): ProductForSale => ({
  key: 'training', title: { pl: 'Trening', en: 'Training' }, liveAt: new Date(START + 20 * DAY), durationMinutes: 480, published: true,
  recordingLink: null, liveLink: null, prices: [{ currency: 'PLN', amountMinor: 240000, priceId: 'pln' }], capacity,
});

type Stand = Awaited<ReturnType<typeof startStripeStandIn>>;
type Purchases = ReturnType<typeof createPurchases>;
const stripeEnv = (stand: Stand) => ({ env: { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stand.url } });
const checkout = (purchases: Purchases, userId: string) =>
  purchases.startCheckout({ userId, email: `${userId}@example.com`, productKey: 'training', priceId: 'pln', locale: 'pl' });
const sessionOf = (stand: Stand, purchaseId: string) => [...stand.sessions.values()].find((s) => s.metadata.purchaseId === purchaseId)!;
/** The buyer pays on Stripe's page, and Stripe reports it. */
async function payAtStripe(stand: Stand, purchases: Purchases, purchaseId: string) {
  const body = stand.event('checkout.session.completed', stand.pay(sessionOf(stand, purchaseId).id));
  return purchases.stripeWebhook(body, sign(body));
}

describe.each(backends)('seats with Stripe Checkout on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let stand: Stand;
  let purchases: Purchases;
  let now = START;
  beforeAll(async () => { stand = await startStripeStandIn(); });
  afterAll(async () => stand?.close());
  beforeEach(async () => {
    now = START;
    handle = await openMigrated(backend);
    ({ purchases } = purchasesOn(handle, product(1), { ...stripeEnv(stand), clock: () => new Date(now) }));
  });
  afterEach(async () => handle?.close());

  it('asks Stripe for a page that expires with the hold, and frees the seat when Stripe reports the session expired', async () => {
    const { purchaseId } = await checkout(purchases, 'u1');
    const created = stand.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(Number(created.body.expires_at)).toBe(Math.floor((START + HOLD_MINUTES * 60_000) / 1000));
    const session = sessionOf(stand, purchaseId);
    session.status = 'expired';
    const body = stand.event('checkout.session.expired', session);
    expect(await purchases.stripeWebhook(body, sign(body))).toEqual({ kind: 'expired', session: session.id, seatsFreed: 1 });
    expect(await purchases.seats('training')).toEqual({ capacity: 1, sold: 0, held: 0, waiting: 0, free: 1 });
  });

  it('refunds at once a payment that arrives after its hold expired and another buyer holds the seat: it never becomes access', async () => {
    const late = await checkout(purchases, 'u1');
    now += HOLD_MINUTES * 60_000;
    const other = await checkout(purchases, 'u2');
    expect(await payAtStripe(stand, purchases, late.purchaseId)).toMatchObject({ kind: 'fulfilled', result: 'duplicate-refunded' });
    expect(await purchases.ownedKeys('u1')).toEqual([]);
    expect(stand.refunds.filter((r) => r.payment_intent === sessionOf(stand, late.purchaseId).payment_intent)).toHaveLength(1);
    expect(await purchases.seats('training')).toEqual({ capacity: 1, sold: 0, held: 1, waiting: 0, free: 0 });
    expect(await payAtStripe(stand, purchases, other.purchaseId)).toMatchObject({ result: 'recorded' });
    expect(await purchases.ownedKeys('u2')).toEqual(['training']);
  });

  it('gives the seat to a payment after its hold expired when the seat is still free', async () => {
    const late = await checkout(purchases, 'u1');
    now += HOLD_MINUTES * 60_000 + 5_000;
    expect(await payAtStripe(stand, purchases, late.purchaseId)).toMatchObject({ result: 'recorded' });
    expect(await purchases.seats('training')).toEqual({ capacity: 1, sold: 1, held: 0, waiting: 0, free: 0 });
    expect(await refusal(checkout(purchases, 'u2'))).toBe('sold-out');
  });
});

const postgres = backends.find((b) => b.name === 'postgres');

describe.skipIf(!postgres)(onPostgres('the last 5 seats sold by two instances on one PostgreSQL'), () => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let second: DatabaseHandle;
  let stand: Stand;
  beforeAll(async () => {
    stand = await startStripeStandIn();
    handle = await openMigrated(postgres!);
    second = connectPostgres(handle.url!);
  });
  afterAll(async () => {
    await second?.close();
    await handle?.close();
    await stand?.close();
  });

  it('given 50 concurrent checkouts, then 5 hold a seat, 45 are refused sold-out before Stripe is asked, and exactly 5 are paid', async () => {
    const one = purchasesOn(handle, product(5), stripeEnv(stand)).purchases;
    const two = purchasesOn(second, product(5), stripeEnv(stand)).purchases;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      checkout(i % 2 === 0 ? one : two, `buyer${i}`).then((r) => r.purchaseId, (error: { code?: string }) => error.code ?? String(error))));
    const started = answers.filter((a) => a !== 'sold-out');
    expect(started).toHaveLength(5);
    expect(answers.filter((a) => a === 'sold-out')).toHaveLength(45);
    // No payment page exists for a refused checkout: Stripe was asked exactly five times.
    expect(stand.sessions.size).toBe(5);
    expect(await two.seats('training')).toEqual({ capacity: 5, sold: 0, held: 5, waiting: 0, free: 0 });
    const paid = await Promise.all(started.map((purchaseId, i) => payAtStripe(stand, i % 2 === 0 ? two : one, purchaseId)));
    expect(paid.map((p) => (p.kind === 'fulfilled' ? p.result : p.kind))).toEqual(Array(5).fill('recorded'));
    expect(await one.seats('training')).toEqual({ capacity: 5, sold: 5, held: 0, waiting: 0, free: 0 });
    const completed = await handle.db.selectFrom('events').select('stream_id').where('type', '=', 'PurchaseCompleted').execute();
    expect(completed).toHaveLength(5);
    expect(await refusal(checkout(two, 'latecomer'))).toBe('sold-out');
  });
});
