import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, demoConsents, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';
import { startStripeStandIn } from '../support/stripe-stand-in.ts';

const WEBHOOK_SECRET = 'whsec_api_duplicates';
const signer = new Stripe('sk_test_signer');

type Session = { token: string; email: string };
const post = (server: RunningServer, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const checkout = async (server: RunningServer, buyer: Session, key: string, priceId: string) => {
  const res = await post(server, '/create-checkout-session', { priceId, video: { key }, consents: demoConsents(key) }, bearer(buyer.token));
  return { status: res.status, ...((await res.json()) as { url?: string; message?: string }) };
};
const profile = async (server: RunningServer, buyer: Session) =>
  (await (await fetch(`${server.url}/profile`, { headers: bearer(buyer.token) })).json()) as { purchasedVideos: { key: string }[] };

describe('no double payment over HTTP with Stripe (SDK against the stand-in, signed webhooks)', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
  /** A new verified buyer for each test, so every test runs alone and in any order. */
  let buyers = 0;
  const newBuyer = () => signUp(server, smtp, `podwojnie-${++buyers}@example.com`, 'Ewa Podwójna');

  beforeAll(async () => {
    smtp = await startSmtp();
    stand = await startStripeStandIn();
    server = await startServer({ SMTP_URL: smtp.url, STRIPE_SECRET_KEY: 'sk_test_api', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stand.url });
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); await stand?.close(); });

  const webhook = (body: string) => fetch(`${server.url}/api/payments/stripe/webhook`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }) }, body,
  });
  const sessionFor = (url: string) => stand.sessions.get(url.split('/').pop()!)!;
  const subjects = (to: string, prefix: string) => smtp.received.filter((m) => m.envelopeTo.includes(to) && m.parsed.subject?.startsWith(prefix));

  it('expires the open checkout at Stripe when the buyer starts another for the same product', async () => {
    const buyer = await newBuyer();
    const first = await checkout(server, buyer, DEMO_KEYS.contactStyles, 'price_demo_contact_styles_pln');
    const second = await checkout(server, buyer, DEMO_KEYS.contactStyles, 'price_demo_contact_styles_eur');
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(sessionFor(first.url!).status).toBe('expired');
    expect(() => stand.pay(sessionFor(first.url!).id)).toThrow(/cannot be paid/);
    expect(sessionFor(second.url!).status).toBe('open');
    const paid = await webhook(stand.event('checkout.session.completed', stand.pay(sessionFor(second.url!).id)));
    expect(await paid.json()).toEqual({ received: true, result: 'recorded' });
    expect((await profile(server, buyer)).purchasedVideos.map((v) => v.key)).toEqual([DEMO_KEYS.contactStyles]);
  });

  it('owns once, refunds the second payment once and mails one refund notice, each webhook delivered 20 times at once', async () => {
    const buyer = await newBuyer();
    stand.holdCheckouts(2); // two tabs pressing Buy at the same moment: both checkouts stay open
    const [a, b] = await Promise.all([checkout(server, buyer, DEMO_KEYS.trauma, 'price_demo_trauma_pln'), checkout(server, buyer, DEMO_KEYS.trauma, 'price_demo_trauma_pln')]);
    const paid = [stand.pay(sessionFor(a.url!).id), stand.pay(sessionFor(b.url!).id)];
    const bodies = paid.map((s) => stand.event('checkout.session.completed', s));
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => webhook(bodies[i % 2]!)));
    expect(answers.map((r) => r.status)).toEqual(Array(40).fill(200));
    expect((await profile(server, buyer)).purchasedVideos.filter((v) => v.key === DEMO_KEYS.trauma)).toHaveLength(1);
    const refunds = stand.refunds.filter((r) => paid.some((s) => s.payment_intent === r.payment_intent));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 29900, currency: 'pln', reason: 'duplicate' });
    // The outbox sends in order: once a mail queued after these has arrived, any duplicate notice would have too.
    await newBuyer();
    const [notice, ...more] = subjects(buyer.email, 'Zwrot podwójnej płatności');
    expect(more).toEqual([]);
    expect(notice!.envelopeTo).toEqual([buyer.email]);
    expect(notice!.parsed.text).toMatch(/299\s?zł/);
    expect(notice!.parsed.text).toContain(refunds[0]!.id);
    expect(subjects(buyer.email, 'Potwierdzenie zakupu').filter((m) => m.parsed.text?.includes(`/watch-video/${DEMO_KEYS.trauma}`))).toHaveLength(1);
    const again = await webhook(bodies[0]!);
    expect(again.status).toBe(200);
    expect(stand.refunds.filter((r) => paid.some((s) => s.payment_intent === r.payment_intent))).toHaveLength(1);
  });

  it('answers 500 while Stripe refuses the refund, so Stripe delivers again, and refunds on that delivery', async () => {
    const buyer = await newBuyer();
    stand.holdCheckouts(2);
    const [a, b] = await Promise.all([checkout(server, buyer, DEMO_KEYS.breath, 'price_demo_breath_pln'), checkout(server, buyer, DEMO_KEYS.breath, 'price_demo_breath_eur')]);
    const bodies = [stand.pay(sessionFor(a.url!).id), stand.pay(sessionFor(b.url!).id)].map((s) => stand.event('checkout.session.completed', s));
    expect(await (await webhook(bodies[0]!)).json()).toEqual({ received: true, result: 'recorded' });
    stand.outage.refunds = true;
    try {
      expect((await webhook(bodies[1]!)).status).toBe(500);
      expect((await webhook(bodies[1]!)).status).toBe(500);
    } finally {
      stand.outage.refunds = false;
    }
    const before = stand.refunds.length;
    expect(await (await webhook(bodies[1]!)).json()).toEqual({ received: true, result: 'duplicate-refunded' });
    expect(stand.refunds.length).toBe(before + 1);
    expect((await profile(server, buyer)).purchasedVideos.filter((v) => v.key === DEMO_KEYS.breath)).toHaveLength(1);
  });
});

describe('the dev checkout over HTTP', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let buyer: Session;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url });
  });
  let buyers = 0;
  beforeEach(async () => { buyer = await signUp(server, smtp, `deweloper-${++buyers}@example.com`); });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const page = async (url: string, lang = 'pl') => {
    const res = await fetch(`${url}?lang=${lang}`, { headers: { cookie: `session=${buyer.token}` } });
    return { status: res.status, html: await res.text() };
  };
  const pay = (url: string, lang = 'pl', token = buyer.token) => fetch(`${url}?lang=${lang}`, {
    method: 'POST', redirect: 'manual', body: 'action=pay',
    headers: { cookie: `session=${token}`, origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
  });
  /** The checkout URL is built from PUBLIC_URL; post to the address the test server listens on, from its own origin, as its page would. */
  const here = (url: string) => `${server.url}${new URL(url).pathname}`;
  const refusal = (html: string) => /data-testid="refusal"[^>]*>([^<]*)</.exec(html)?.[1];

  it('cannot pay a checkout replaced by a newer one, and refuses to take a second payment from an owner', async () => {
    const first = here((await checkout(server, buyer, DEMO_KEYS.trauma, 'price_demo_trauma_pln')).url!);
    expect((await page(first)).html).toContain('value="pay"');
    const second = here((await checkout(server, buyer, DEMO_KEYS.trauma, 'price_demo_trauma_eur')).url!);

    const expired = await page(first);
    expect(expired.html).not.toContain('value="pay"');
    expect(refusal(expired.html)).toBe('Ta płatność wygasła, ponieważ rozpoczęto nowszą za ten sam materiał. Nie można jej już opłacić.');
    const late = await pay(first, 'en');
    expect(late.status).toBe(410);
    expect(refusal(await late.text())).toBe('This payment has expired because a newer one was started for the same material. It can no longer be paid.');

    const paid = await pay(second);
    expect([paid.status, paid.headers.get('location')]).toEqual([303, '/video#nowy-film']);
    expect((await profile(server, buyer)).purchasedVideos.map((v) => v.key)).toEqual([DEMO_KEYS.trauma]);

    const owned = await pay(first);
    expect(owned.status).toBe(409);
    expect(refusal(await owned.text())).toBe('Masz już dostęp do tego materiału, więc ta płatność nie zostanie pobrana.');
    const english = await page(first, 'en');
    expect(refusal(english.html)).toBe('You already have access to this material, so this payment will not be taken.');
    expect(english.html).toContain(`href="/watch-video/${DEMO_KEYS.trauma}"`);
    // Pressing Pay again on the paid checkout itself (a double click) is the same payment, not a second one.
    expect((await pay(second)).status).toBe(303);
    const reloaded = await fetch(second, { redirect: 'manual', headers: { cookie: `session=${buyer.token}` } });
    expect([reloaded.status, reloaded.headers.get('location')]).toEqual([303, '/video#nowy-film']);
    expect((await profile(server, buyer)).purchasedVideos).toHaveLength(1);
    const again = await checkout(server, buyer, DEMO_KEYS.trauma, 'price_demo_trauma_usd');
    expect([again.status, again.message]).toEqual([409, 'Masz już dostęp do tego materiału.']);
  });

  it("shows and pays nobody else's checkout: not found, with the page's message", async () => {
    const url = here((await checkout(server, buyer, DEMO_KEYS.breath, 'price_demo_breath_pln')).url!);
    const stranger = await signUp(server, smtp, `obcy-${++buyers}@example.com`);
    const seen = await fetch(`${url}?lang=en`, { headers: { cookie: `session=${stranger.token}` } });
    expect([seen.status, (await seen.text()).includes('This payment was not found.')]).toEqual([404, true]);
    const paid = await pay(url, 'en', stranger.token);
    expect([paid.status, (await paid.text()).includes('This payment was not found.')]).toEqual([404, true]);
    expect((await profile(server, stranger)).purchasedVideos).toEqual([]);
    expect((await page(url)).html).toContain('value="pay"');
  });
});
