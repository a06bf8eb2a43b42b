import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, signUp } from '../support/accounts.ts';
import { freePort, startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

const WEBHOOK_SECRET = 'whsec_refusals_api';
const signer = new Stripe('sk_test_signer');

type Smtp = Awaited<ReturnType<typeof startSmtp>>;
const post = (server: RunningServer, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
const checkout = (server: RunningServer, token: string, lang = 'pl') =>
  post(server, '/create-checkout-session', { priceId: 'price_demo_trauma_pln', video: { key: DEMO_KEYS.trauma }, consents: ['recordingEarly'] }, { ...bearer(token), cookie: `lang=${lang}` });
const owned = async (server: RunningServer, token: string) =>
  ((await (await fetch(`${server.url}/profile`, { headers: bearer(token) })).json()) as { purchasedVideos: unknown[] }).purchasedVideos;

describe('POST /create-checkout-session while Stripe cannot be reached, and hollow signed webhooks', () => {
  let server: RunningServer;
  let smtp: Smtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    // A port nothing listens on: every connection to "Stripe" is refused.
    server = await startServer({ SMTP_URL: smtp.url, STRIPE_SECRET_KEY: 'sk_test_down', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: `http://127.0.0.1:${await freePort()}` });
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  it('answers 503 in the caller\'s language and records nothing, paid or pending', async () => {
    const buyer = await signUp(server, smtp, 'bez-stripe@example.com', 'Ewa Cierpliwa');
    const polish = await checkout(server, buyer.token);
    expect([polish.status, await polish.json()]).toEqual([503, { message: 'Płatności są chwilowo niedostępne. Nic nie zostało pobrane: spróbuj ponownie za kilka minut.' }]);
    const english = await checkout(server, buyer.token, 'en');
    expect([english.status, await english.json()]).toEqual([503, { message: 'Payments are unavailable right now. Nothing was charged: please try again in a few minutes.' }]);
    expect(await owned(server, buyer.token)).toEqual([]);
    // Coming back from the provider finds nothing to reconcile and still answers the profile.
    const back = await post(server, '/api/user/verify-purchases', {}, bearer(buyer.token));
    expect([back.status, ((await back.json()) as { purchasedVideos: unknown[] }).purchasedVideos]).toEqual([200, []]);
    expect(server.output()).toMatch(/"level":40.*payment provider unavailable/);
  });

  it('answers 400 to a genuinely signed checkout event whose data or data.object is null', async () => {
    for (const data of [null, { object: null }]) {
      const body = JSON.stringify({ id: 'evt_hollow', object: 'event', type: 'checkout.session.completed', api_version: '2026-01-01', created: 1, data });
      const res = await fetch(`${server.url}/api/payments/stripe/webhook`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }) }, body,
      });
      expect([res.status, await res.json()], JSON.stringify(data)).toEqual([400, { message: 'Zdarzenie webhooka nie zawiera sesji płatności.' }]);
    }
  });
});

describe('POST /create-checkout-session is rate limited per user', () => {
  let server: RunningServer;
  let smtp: Smtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url });
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  it('lets 10 of a burst of 40 through and answers the rest 429 with the usual message; another buyer is not held back', async () => {
    const [buyer, other] = [await signUp(server, smtp, 'pospieszna@example.com', 'Ola Pośpieszna'), await signUp(server, smtp, 'spokojny@example.com', 'Jan Spokojny')];
    const answers = await Promise.all(Array.from({ length: 40 }, () => checkout(server, buyer.token, 'en')));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    const refused = answers.find((a) => a.status === 429)!;
    expect(await refused.json()).toEqual({ message: 'Too many attempts. Please try again in a moment.' });
    expect((await checkout(server, other.token)).status).toBe(200);
  });
});
