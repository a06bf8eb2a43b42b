import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, demoConsents, signUp } from '../support/accounts.ts';
import { TERMS_VERSION } from '../../src/content/terms.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';
import { startStripeStandIn } from '../support/stripe-stand-in.ts';
import { checkCalendar } from '../support/ical.ts';

const WEBHOOK_SECRET = 'whsec_api_test_secret';
const signer = new Stripe('sk_test_signer');

describe('purchases over HTTP with Stripe (SDK against a loopback stand-in, signed webhooks)', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
  /** A new verified user for each test, so every test runs alone and in any order. */
  let buyers = 0;
  const newBuyer = () => signUp(server, smtp, `kupujacy-${++buyers}@example.com`, 'Ewa Kupująca');

  beforeAll(async () => {
    smtp = await startSmtp();
    stand = await startStripeStandIn();
    server = await startServer({ SMTP_URL: smtp.url, STRIPE_SECRET_KEY: 'sk_test_api', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stand.url });
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); await stand?.close(); });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const checkout = (token: string, key: string, priceId: string, extra: Record<string, unknown> = {}) =>
    post('/create-checkout-session', { priceId, video: { key, title: 'anything', price: [{ price: 1 }] }, email: 'spoof@evil.test', name: 'x', locale: 'en', consents: demoConsents(key), ...extra }, bearer(token));
  const webhook = (body: string, signature = signer.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET })) =>
    fetch(`${server.url}/api/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body });
  const profile = async (token: string) => (await (await fetch(`${server.url}/profile`, { headers: bearer(token) })).json()) as { purchasedVideos: { key: string; purchaseDate: string }[] };
  const sessionFor = (url: string) => stand.sessions.get(url.split('/').pop()!)!;
  /** Buys through Stripe's page and a signed webhook. */
  const buy = async (token: string, key: string, priceId: string) => {
    const { url } = (await (await checkout(token, key, priceId)).json()) as { url: string };
    expect(await (await webhook(stand.event('checkout.session.completed', stand.pay(sessionFor(url).id)))).json()).toEqual({ received: true, result: 'recorded' });
  };
  /** Mail received for `to` whose subject starts with `prefix`. */
  const mailsTo = (to: string, prefix: string) => smtp.received.filter((m) => m.envelopeTo.includes(to) && m.parsed.subject?.startsWith(prefix));

  it('refuses a checkout without a session, for an unknown product, or with a price of another product', async () => {
    const buyer = await newBuyer();
    const anonymous = await post('/create-checkout-session', { priceId: 'price_demo_trauma_pln', video: { key: DEMO_KEYS.trauma } });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Musisz być zalogowany.' });
    const unknown = await checkout(buyer.token, 'no-such-product', 'price_demo_trauma_pln');
    expect([unknown.status, await unknown.json()]).toEqual([404, { message: 'Nie znaleziono produktu.' }]);
    const mismatch = await checkout(buyer.token, DEMO_KEYS.trauma, 'price_demo_shame_pln');
    expect([mismatch.status, await mismatch.json()]).toEqual([400, { message: 'Ta cena nie należy do wybranego produktu.' }]);
    const english = await post('/create-checkout-session?lang=en', { priceId: 'x', video: { key: 'y' } });
    expect(await english.json()).toEqual({ message: 'You need to be logged in.' });
  });

  it('creates a Stripe Checkout Session from the catalogue, trusting only the product key and price id', async () => {
    const buyer = await newBuyer();
    const res = await checkout(buyer.token, DEMO_KEYS.trauma, 'price_demo_trauma_eur');
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const session = sessionFor(url);
    expect(session).toMatchObject({ mode: 'payment', customer_email: buyer.email, locale: 'en', currency: 'eur', amount_total: 6800 });
    // Built from PUBLIC_URL, which defaults to http://localhost:PORT outside production.
    const publicUrl = `http://(localhost|127\\.0\\.0\\.1):${server.port}`;
    expect(session.success_url).toMatch(new RegExp(`^${publicUrl}/video#nowy-film$`));
    expect(session.cancel_url).toMatch(new RegExp(`^${publicUrl}/anulowano-platnosc$`));
    expect(session.metadata.productKey).toBe(DEMO_KEYS.trauma);
  });

  it('refuses a webhook with a bad or missing signature and records nothing', async () => {
    const other = await newBuyer();
    const { url } = (await (await checkout(other.token, DEMO_KEYS.contactStyles, 'price_demo_contact_styles_pln')).json()) as { url: string };
    const body = stand.event('checkout.session.completed', stand.pay(sessionFor(url).id));
    const forged = await webhook(body, signer.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_wrong' }));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ message: 'Nieprawidłowy podpis webhooka.' });
    const unsigned = await fetch(`${server.url}/api/payments/stripe/webhook`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(unsigned.status).toBe(400);
    expect((await profile(other.token)).purchasedVideos).toEqual([]);
  });

  it('fulfils once for 20 concurrent deliveries, mails one confirmation with a calendar entry, and then refuses to sell it again', async () => {
    const buyer = await newBuyer();
    const { url } = (await (await checkout(buyer.token, DEMO_KEYS.shame, 'price_demo_shame_pln')).json()) as { url: string };
    const body = stand.event('checkout.session.completed', stand.pay(sessionFor(url).id), 'evt_twenty');
    const answers = await Promise.all(Array.from({ length: 20 }, () => webhook(body)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const owned = (await profile(buyer.token)).purchasedVideos.filter((v) => v.key === DEMO_KEYS.shame);
    expect(owned).toHaveLength(1);
    // The outbox sends in order: once a mail queued after these has arrived, the confirmation (and any duplicate) has too.
    await newBuyer();
    const [mail, ...more] = mailsTo(buyer.email, 'Potwierdzenie zakupu');
    expect(more).toEqual([]);
    expect(mail!.envelopeTo).toEqual([buyer.email]);
    expect(mail!.parsed.text).toContain(`/watch-video/${DEMO_KEYS.shame}`);
    expect(mail!.parsed.text).toMatch(/2[\s\u00a0]?290\s?zł/);
    // The calendar invitation stays; the terms the purchase is made under travel with it in full.
    // The invitation travels twice: as the text/calendar alternative calendar clients act on, and as a file.
    expect(mail!.parsed.attachments.filter((a) => a.contentType !== 'text/calendar').map((a) => a.filename)).toEqual([`regulamin-${TERMS_VERSION}.txt`, 'wydarzenie.ics']);
    expect(checkCalendar(mail!.parsed.attachments.find((a) => a.contentType === 'text/calendar')!.content.toString('utf8')).method).toBe('REQUEST');
    const again = await checkout(buyer.token, DEMO_KEYS.shame, 'price_demo_shame_usd');
    expect([again.status, await again.json()]).toEqual([409, { message: 'Masz już dostęp do tego materiału.' }]);
  });

  it('reconciles through verify-purchases for a buyer back before the webhook', async () => {
    const buyer = await newBuyer();
    const { url } = (await (await checkout(buyer.token, DEMO_KEYS.trauma, 'price_demo_trauma_pln')).json()) as { url: string };
    stand.pay(sessionFor(url).id);
    const res = await post('/api/user/verify-purchases', {}, bearer(buyer.token));
    expect(res.status).toBe(200);
    const user = (await res.json()) as { email: string; purchasedVideos: { key: string }[] };
    expect(user.email).toBe(buyer.email);
    expect(user.purchasedVideos.map((v) => v.key)).toContain(DEMO_KEYS.trauma);
    expect((await post('/api/user/verify-purchases', {})).status).toBe(401);
  });

  it('reveals live and recording links to owners only, and serves the recording only through a valid signature', async () => {
    const [buyer, other] = [await newBuyer(), await newBuyer()];
    await buy(buyer.token, DEMO_KEYS.trauma, 'price_demo_trauma_pln');
    await buy(buyer.token, DEMO_KEYS.shame, 'price_demo_shame_pln');
    const video = (token?: string, key: string = DEMO_KEYS.trauma) => fetch(`${server.url}/api/videos/${key}`, { headers: token ? bearer(token) : {} }).then((r) => r.json()) as Promise<Record<string, string>>;
    for (const caller of [undefined, other.token]) {
      const seen = await video(caller);
      expect(seen.key).toBe(DEMO_KEYS.trauma);
      expect(seen).not.toHaveProperty('watchURL');
      expect(seen).not.toHaveProperty('meetLink');
    }
    // The live link is the buyer's personal join link (checked and recorded when clicked), never the meeting's own URL.
    const live = await video(buyer.token, DEMO_KEYS.shame);
    expect(live.meetLink).toMatch(/^https?:\/\/[^/]+\/dolacz\/[^/]+$/);
    expect(JSON.stringify(live)).not.toContain('meet.example.invalid');
    const owned = await video(buyer.token);
    expect(owned.watchURL).toMatch(new RegExp(`^/media/recordings/${DEMO_KEYS.trauma}\\?u=`));

    const full = await fetch(`${server.url}${owned.watchURL}`);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('video/webm');
    const size = Number(full.headers.get('content-length'));
    expect((await full.arrayBuffer()).byteLength).toBe(size);
    const part = await fetch(`${server.url}${owned.watchURL}`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);

    expect((await fetch(`${server.url}/media/recordings/${DEMO_KEYS.trauma}`)).status).toBe(403);
    const tampered = new URL(owned.watchURL!, server.url);
    tampered.searchParams.set('e', String(Number(tampered.searchParams.get('e')) + 86_400));
    expect((await fetch(tampered)).status).toBe(403);
    const otherProduct = owned.watchURL!.replace(DEMO_KEYS.trauma, DEMO_KEYS.contactStyles);
    expect((await fetch(`${server.url}${otherProduct}`)).status).toBe(403);
    expect((await fetch(`${server.url}/recordings/recording-trauma.webm`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/recordings/recording-trauma.webm`)).status).toBe(403);
  });

  it('records the first playback once, for an owner only', async () => {
    const [buyer, other] = [await newBuyer(), await newBuyer()];
    await buy(buyer.token, DEMO_KEYS.trauma, 'price_demo_trauma_pln');
    const play = (token: string) => post(`/api/videos/${DEMO_KEYS.trauma}/playback`, {}, bearer(token));
    expect((await play(other.token)).status).toBe(403);
    expect(await (await play(buyer.token)).json()).toEqual({ recorded: true });
    expect(await (await play(buyer.token)).json()).toEqual({ recorded: false });
  });
});
