import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS, type AdminProduct } from '../../modules/catalogue/index.ts';
import { bearer, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';
import { startStripeStandIn } from '../support/stripe-stand-in.ts';

const WEBHOOK_SECRET = 'whsec_amounts_test_secret';
const signer = new Stripe('sk_test_signer');

/** Stripe charges what the catalogue says, and a payment of any other sum buys nothing (the SDK against the loopback stand-in). */
describe('the amount Stripe charges is the catalogue\'s, over HTTP', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    smtp = await startSmtp();
    // The stand-in holds a Stripe Price under the demo id at the old amount: a checkout naming it would charge 2290 PLN.
    stand = await startStripeStandIn({ price_demo_trauma_pln: { amount: 229_000, currency: 'pln' } });
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com', STRIPE_SECRET_KEY: 'sk_test_amounts',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stand.url });
    admin = bearer((await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token);
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); await stand?.close(); });

  const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) => fetch(`${server.url}${path}`, {
    method, headers: { 'content-type': 'application/json', cookie: 'lang=en', ...headers }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const webhook = (body: string) => fetch(`${server.url}/api/payments/stripe/webhook`, {
    method: 'POST', body, headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }) },
  });
  const startCheckout = async (token: string) => {
    const res = await call('POST', '/create-checkout-session', bearer(token), { priceId: 'price_demo_trauma_pln', video: { key: DEMO_KEYS.trauma }, consents: ['recordingEarly'] });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    return stand.sessions.get(url.split('/').pop()!)!;
  };

  it('charges the edited price: the checkout request carries price_data built from the catalogue, never the Price id', async () => {
    const products = (await (await call('GET', '/api/admin/products', admin)).json()) as AdminProduct[];
    const { key: _key, ...input } = products.find((p) => p.key === DEMO_KEYS.trauma)!;
    const price = input.price.map((p) => (p.name === 'PLN' ? { ...p, priceMinor: 239_000 } : p));
    expect((await call('PUT', `/api/admin/products/${DEMO_KEYS.trauma}`, admin, { ...input, price })).status).toBe(200);
    const buyer = await signUp(server, smtp, 'po-zmianie@example.com', 'Ewa Po Zmianie');
    const session = await startCheckout(buyer.token);
    const sent = stand.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(sent.body.line_items).toEqual({ 0: { quantity: '1', price_data: { currency: 'pln', unit_amount: '239000', product_data: { name: expect.any(String) } } } });
    expect([session.amount_total, session.currency]).toEqual([239_000, 'pln']);
    const paid = await webhook(stand.event('checkout.session.completed', stand.pay(session.id)));
    expect(await paid.json()).toEqual({ received: true, result: 'recorded' });
    const list = (await (await call('GET', `/api/admin/attendees/${DEMO_KEYS.trauma}`, admin)).json()) as { attendees: { email: string; amount: number; currency: string }[] };
    expect(list.attendees.find((a) => a.email === 'po-zmianie@example.com')).toMatchObject({ amount: 2390, currency: 'PLN', state: 'paid' });
  });

  it('refuses a genuinely signed payment of another sum: answered so Stripe stops, recorded as a mismatch, no access', async () => {
    const buyer = await signUp(server, smtp, 'inna-kwota@example.com', 'Jan Inna Kwota');
    const session = await startCheckout(buyer.token);
    const body = stand.event('checkout.session.completed', { ...stand.pay(session.id), amount_total: 229_000 });
    const answer = await webhook(body);
    expect([answer.status, await answer.json()]).toEqual([200, { received: true, result: 'mismatch' }]);
    expect(await (await webhook(body)).json()).toEqual({ received: true, result: 'already-recorded' });
    const profile = (await (await call('GET', '/profile', bearer(buyer.token))).json()) as { purchasedVideos: unknown[] };
    expect(profile.purchasedVideos).toEqual([]);
    const video = (await (await call('GET', `/api/videos/${DEMO_KEYS.trauma}`, bearer(buyer.token))).json()) as Record<string, unknown>;
    expect(video).not.toHaveProperty('meetLink');
    const trail = (await (await call('GET', `/api/admin/audit?type=purchase&subject=${DEMO_KEYS.trauma}`, admin)).json()) as { items: { event: string; summary: string; amount: number; currency: string }[] };
    const entry = trail.items.find((i) => i.event === 'PaymentMismatchReceived')!;
    expect(entry).toMatchObject({ amount: 2290, currency: 'PLN' });
    expect(entry.summary).toMatch(/^Amount mismatch: .+, paid 2,290\.00 PLN instead of 2,390\.00 PLN, Jan Inna Kwota \(no access\)$/);
    const list = (await (await call('GET', `/api/admin/attendees/${DEMO_KEYS.trauma}`, admin)).json()) as { attendees: { email: string; state: string }[]; totals: { paid: unknown[] } };
    expect(list.attendees.find((a) => a.email === 'inna-kwota@example.com')).toMatchObject({ state: 'mismatch' });
    expect(list.totals.paid).toEqual([{ currency: 'PLN', count: 1, amount: 2390 }]);
  });
});
