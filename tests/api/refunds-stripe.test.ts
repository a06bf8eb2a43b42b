import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, signUp, demoConsents } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';
import { startStripeStandIn } from '../support/stripe-stand-in.ts';

const WEBHOOK_SECRET = 'whsec_api_refunds';
const signer = new Stripe('sk_test_signer');
type Attendee = { purchaseId: string; email: string; state: string; amount: number; refundedAmount: number; refundPendingAmount: number };

/** Refunds with Stripe (the SDK against the loopback stand-in): through the outbox with retries, and from Stripe's dashboard by signed webhook. */
describe('refunds through Stripe over HTTP', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
  let admin: Record<string, string>;
  let buyers = 0;
  beforeAll(async () => {
    smtp = await startSmtp();
    stand = await startStripeStandIn();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com', STRIPE_SECRET_KEY: 'sk_test_api', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stand.url });
    admin = bearer((await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token);
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); await stand?.close(); });

  const call = (method: string, path: string, headers: Record<string, string>, body?: string | object) => fetch(`${server.url}${path}`, {
    method, headers: { 'content-type': 'application/json', cookie: 'lang=en', ...headers }, body: typeof body === 'string' ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const webhook = (body: string) => call('POST', '/api/payments/stripe/webhook', { 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }) }, body);
  const row = async (purchaseId: string) => ((await (await call('GET', `/api/admin/attendees/${DEMO_KEYS.trauma}`, admin)).json()) as { attendees: Attendee[] })
    .attendees.find((a) => a.purchaseId === purchaseId)!;
  const page = (path: string, token: string) => fetch(`${server.url}${path}`, { headers: { cookie: `session=${token}; lang=en` }, redirect: 'manual' });
  /** Pays through Stripe's page and a signed webhook; answers the buyer, the purchase and its payment intent. */
  const paid = async () => {
    const who = await signUp(server, smtp, `stripe-${++buyers}@example.com`, 'Ewa Stripe');
    const res = await call('POST', '/create-checkout-session', bearer(who.token), { priceId: 'price_demo_trauma_pln', video: { key: DEMO_KEYS.trauma }, consents: demoConsents(DEMO_KEYS.trauma) });
    const { url } = (await res.json()) as { url: string };
    const session = stand.pay(url.split('/').pop()!);
    expect(await (await webhook(stand.event('checkout.session.completed', session))).json()).toEqual({ received: true, result: 'recorded' });
    return { ...who, purchaseId: session.metadata.purchaseId!, pi: session.payment_intent!, amountMinor: session.amount_total };
  };
  /** Polls what the admin sees until `done` holds (the outbox works in the background), at most 20 s. */
  const until = async (purchaseId: string, done: (a: Attendee) => boolean) => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const a = await row(purchaseId);
      if (done(a) || Date.now() > deadline) return a;
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  it('shows a refund Stripe fails as pending, retries it, and moves the money once with the refund id as Idempotency-Key', async () => {
    const ewa = await paid();
    stand.outage.refunds = true;
    const res = await call('POST', `/api/admin/purchases/${ewa.purchaseId}/refunds`, admin, { amountMinor: ewa.amountMinor, reason: 'cancelled' });
    const answer = (await res.json()) as { refundId: string; status: string; accessEnded: boolean };
    expect(answer).toMatchObject({ status: 'pending', accessEnded: true });
    expect((await page(`/watch-video/${DEMO_KEYS.trauma}`, ewa.token)).status).toBe(403);
    expect(await row(ewa.purchaseId)).toMatchObject({ state: 'refundPending', refundPendingAmount: ewa.amountMinor / 100 });
    // Stripe was asked (and failed) before the outage ends: the admin still sees it pending.
    const asked = () => stand.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.body.payment_intent === ewa.pi);
    const deadline = Date.now() + 20_000;
    while (asked().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await row(ewa.purchaseId)).toMatchObject({ state: 'refundPending' });
    stand.outage.refunds = false;
    expect(await until(ewa.purchaseId, (a) => a.state === 'refunded')).toMatchObject({ state: 'refunded', refundedAmount: ewa.amountMinor / 100, refundPendingAmount: 0 });
    expect(stand.refunds.filter((r) => r.payment_intent === ewa.pi)).toEqual([expect.objectContaining({ amount: ewa.amountMinor, metadata: { purchaseId: ewa.purchaseId, refundId: answer.refundId } })]);
    expect(new Set(asked().map((r) => r.idempotencyKey))).toEqual(new Set([`refund:${ewa.purchaseId}:${answer.refundId}`]));
    // Stripe's own confirmation of it, delivered twice, adds nothing.
    const confirmation = stand.chargeRefunded(ewa.pi);
    for (let i = 0; i < 2; i++) expect(await (await webhook(confirmation)).json()).toEqual({ received: true, refundsRecorded: 0 });
  });

  it('records refunds made in Stripe\'s dashboard from genuinely signed charge.refunded, duplicated and out of order, once each', async () => {
    const ola = await paid();
    stand.refundInDashboard(ola.pi, 1000);
    const earlier = stand.chargeRefunded(ola.pi);
    expect(await (await webhook(earlier)).json()).toEqual({ received: true, refundsRecorded: 1 });
    expect(await row(ola.purchaseId)).toMatchObject({ state: 'partlyRefunded', refundedAmount: 10 });
    expect((await page(`/watch-video/${DEMO_KEYS.trauma}`, ola.token)).status).toBe(200);
    stand.refundInDashboard(ola.pi, ola.amountMinor - 1000);
    const later = stand.chargeRefunded(ola.pi);
    expect(await (await webhook(later)).json()).toEqual({ received: true, refundsRecorded: 1 });
    expect(await (await webhook(earlier)).json()).toEqual({ received: true, refundsRecorded: 0 });
    expect(await (await webhook(later)).json()).toEqual({ received: true, refundsRecorded: 0 });
    expect(await row(ola.purchaseId)).toMatchObject({ state: 'refunded', refundedAmount: ola.amountMinor / 100 });
    expect((await page(`/watch-video/${DEMO_KEYS.trauma}`, ola.token)).status).toBe(403);
    const forged = await call('POST', '/api/payments/stripe/webhook', { 'stripe-signature': 't=1,v1=00' }, later);
    expect(forged.status).toBe(400);
  });
});
