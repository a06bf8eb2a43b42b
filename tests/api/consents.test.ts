import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS, type AdminProduct } from '../../modules/catalogue/index.ts';
import { consentTexts, lastDayOfWithdrawal, withdrawalFormTexts, withdrawalTokens } from '../../modules/purchases/index.ts';
import { formatDate, warsawDaysFrom } from '../../modules/shared/text/index.ts';
import { TERMS_VERSION } from '../../src/content/terms.ts';
import { bearer, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';
import { checkCalendar } from '../support/ical.ts';

const JWT_SECRET = 'consents-api-test-secret-'.padEnd(40, 'x');

/**
 * POST /create-checkout-session with the consents a product needs (seed: trauma is over and sold with its recording,
 * shame starts in 24 days without one), and the confirmation mail as the buyer receives it.
 */
describe('consents at checkout and the confirmation as the durable medium (dev checkout)', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let buyers = 0;
  let admin: Record<string, string>;
  const newBuyer = () => signUp(server, smtp, `zgody-${++buyers}@example.com`, 'Ewa Zgodna');
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, JWT_SECRET, ADMIN_EMAILS: 'szefowa@example.com' });
    admin = bearer((await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token);
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const checkout = (token: string, key: string, priceId: string, consents?: unknown, lang = 'pl') => fetch(`${server.url}/create-checkout-session`, {
    method: 'POST', headers: { 'content-type': 'application/json', cookie: `lang=${lang}`, ...bearer(token) },
    body: JSON.stringify({ priceId, video: { key }, ...(consents === undefined ? {} : { consents }) }),
  });
  const owned = async (token: string) =>
    ((await (await fetch(`${server.url}/profile`, { headers: bearer(token) })).json()) as { purchasedVideos: { key: string }[] }).purchasedVideos;
  const pay = async (url: string, token: string) => {
    const paid = await fetch(url, { method: 'POST', redirect: 'manual', body: 'action=pay',
      headers: { cookie: `session=${token}`, origin: server.url, 'content-type': 'application/x-www-form-urlencoded' } });
    expect(paid.status).toBe(303);
  };
  const confirmation = async (to: string) => {
    await expect.poll(() => smtp.received.some((m) => m.envelopeTo.includes(to) && m.parsed.subject?.startsWith('Potwierdzenie zakupu')), { timeout: 15_000 }).toBe(true);
    return smtp.received.find((m) => m.envelopeTo.includes(to) && m.parsed.subject?.startsWith('Potwierdzenie zakupu'))!;
  };

  it('refuses a checkout without the consents the product needs, in the caller\'s language, naming them', async () => {
    const buyer = await newBuyer();
    for (const consents of [undefined, [], ['earlyStart']]) {
      const pl = await checkout(buyer.token, DEMO_KEYS.trauma, 'price_demo_trauma_pln', consents);
      const body = (await pl.json()) as { message: string; consents: string[] };
      expect([pl.status, body.consents], JSON.stringify(consents)).toEqual([400, ['recordingEarly']]);
    }
    const pl = await checkout(buyer.token, DEMO_KEYS.trauma, 'price_demo_trauma_pln', []);
    expect(await pl.json()).toEqual({ consents: ['recordingEarly'],
      message: 'Zaznacz zgody wymagane do tego zakupu: bez nich nie możemy rozpocząć usługi ani udostępnić nagrania przed upływem 14 dni na odstąpienie od umowy.' });
    const en = await checkout(buyer.token, DEMO_KEYS.trauma, 'price_demo_trauma_eur', [], 'en');
    expect([en.status, await en.json()]).toEqual([400, { consents: ['recordingEarly'],
      message: 'Tick the consents this purchase needs: without them we cannot start the service or give you the recording before the 14-day withdrawal period ends.' }]);
    expect(await owned(buyer.token)).toEqual([]);
  });

  it('refuses a consent the product does not need, and one of no known kind, in both languages', async () => {
    const buyer = await newBuyer();
    const pl = await checkout(buyer.token, DEMO_KEYS.shame, 'price_demo_shame_pln', ['recordingEarly']);
    expect([pl.status, await pl.json()]).toEqual([400, { consents: [],
      message: 'Ten zakup nie wymaga przesłanej zgody, więc nie możemy jej zapisać. Odśwież stronę produktu i spróbuj ponownie.' }]);
    const en = await checkout(buyer.token, DEMO_KEYS.trauma, 'price_demo_trauma_eur', ['recordingEarly', 'marketing'], 'en');
    expect([en.status, await en.json()]).toEqual([400, { consents: ['recordingEarly'],
      message: 'This purchase does not need the consent sent, so it cannot be recorded. Reload the product page and try again.' }]);
    const malformed = await checkout(buyer.token, DEMO_KEYS.trauma, 'price_demo_trauma_pln', 'recordingEarly');
    expect(malformed.status).toBe(400);
    expect(await owned(buyer.token)).toEqual([]);
  });

  it('mails the buyer what was bought, for how much, the consents word for word, the terms, the last day, the signed link and the model form', async () => {
    const buyer = await newBuyer();
    const before = new Date();
    const res = await checkout(buyer.token, DEMO_KEYS.trauma, 'price_demo_trauma_pln', ['recordingEarly']);
    expect(res.status).toBe(200);
    await pay(((await res.json()) as { url: string }).url, buyer.token);
    const after = new Date();
    expect((await owned(buyer.token)).map((v) => v.key)).toEqual([DEMO_KEYS.trauma]);
    const mail = await confirmation(buyer.email);
    const text = mail.parsed.text ?? '';
    expect(text).toContain('Trauma i ciało w podejściu Gestalt');
    expect(text).toMatch(/Kwota: \d[\d\s\u00a0]*zł/);
    expect(text).toContain(`„${consentTexts.pl['consent.recordingEarly.v1']}” (v1)`);
    expect(text).not.toContain(consentTexts.pl['consent.earlyStart.v1']);
    // The period's last day in Warsaw, from the purchase (the two readings differ only across a Warsaw midnight).
    const lastDays = [before, after].map((d) => formatDate(lastDayOfWithdrawal(d), 'pl', 'day'));
    expect(lastDays.some((day) => text.includes(`Możesz odstąpić od umowy bez podania przyczyny do ${day} włącznie`))).toBe(true);
    const token = /Odstąp od umowy tutaj: https?:\/\/\S+\/odstapienie\/(\S+)/.exec(text)?.[1];
    expect(token).toBeDefined();
    expect(withdrawalTokens(JWT_SECRET).purchaseOf(decodeURIComponent(token!))).not.toBeNull();
    for (const line of withdrawalFormTexts.pl.filter((l) => !l.includes('{trader}'))) expect(text).toContain(line);
    expect(text).toContain(`regulaminowi w wersji ${TERMS_VERSION}`);
    // The event is over: no calendar entry, the terms attached in full.
    expect(mail.parsed.attachments.map((a) => a.filename)).toEqual([`regulamin-${TERMS_VERSION}.txt`]);
    expect(mail.parsed.attachments[0]!.content.toString('utf8')).toContain('5. Odstąpienie od umowy');
  });

  it('says no consent was given for a product that needs none, and keeps the calendar entry', async () => {
    const buyer = await newBuyer();
    const res = await checkout(buyer.token, DEMO_KEYS.shame, 'price_demo_shame_pln', []);
    expect(res.status).toBe(200);
    await pay(((await res.json()) as { url: string }).url, buyer.token);
    const mail = await confirmation(buyer.email);
    expect(mail.parsed.text).toContain('Przy tym zakupie nie wyrażono zgody na rozpoczęcie usługi ani dostarczenie nagrania');
    // The invitation travels twice: as the text/calendar alternative calendar clients act on, and as a file.
    expect(mail.parsed.attachments.filter((a) => a.contentType !== 'text/calendar').map((a) => a.filename)).toEqual([`regulamin-${TERMS_VERSION}.txt`, 'wydarzenie.ics']);
    expect(checkCalendar(mail.parsed.attachments.find((a) => a.contentType === 'text/calendar')!.content.toString('utf8')).method).toBe('REQUEST');
  });

  it('follows the catalogue: a live event within 14 days with a recording needs both consents, and after the start moves, only the recording one', async () => {
    const call = (method: string, path: string, body: unknown) => fetch(`${server.url}${path}`,
      { method, headers: { 'content-type': 'application/json', cookie: 'lang=en', ...admin }, body: JSON.stringify(body) });
    const shame = ((await (await fetch(`${server.url}/api/admin/products`, { headers: admin })).json()) as AdminProduct[]).find((p) => p.key === DEMO_KEYS.shame)!;
    // The start is edited as an older client does (one session a day from it): the recorded sessions are left out.
    const { key: _key, sessions: _sessions, ...input } = shame;
    const soon = { ...input, title: 'Zgody na wcześniej', titleEn: 'Consents early', recordingAvailable: true,
      startsAt: warsawDaysFrom(new Date(), 3, 10).toISOString() };
    const created = await call('POST', '/api/admin/products', soon);
    expect(created.status).toBe(201);
    const { key } = (await created.json()) as { key: string };
    const buyer = await newBuyer();
    const refused = await checkout(buyer.token, key, `${key}-eur`, ['recordingEarly'], 'en');
    expect([refused.status, ((await refused.json()) as { consents: string[] }).consents]).toEqual([400, ['earlyStart', 'recordingEarly']]);
    expect((await call('PUT', `/api/admin/products/${key}`, { ...soon, startsAt: warsawDaysFrom(new Date(), 20, 10).toISOString() })).status).toBe(200);
    const later = await checkout(buyer.token, key, `${key}-eur`, ['earlyStart', 'recordingEarly'], 'en');
    expect([later.status, ((await later.json()) as { consents: string[] }).consents]).toEqual([400, ['recordingEarly']]);
    expect((await call('PUT', `/api/admin/products/${key}`, soon)).status).toBe(200);
    const res = await checkout(buyer.token, key, `${key}-eur`, ['earlyStart', 'recordingEarly'], 'en');
    expect(res.status).toBe(200);
    await pay(((await res.json()) as { url: string }).url, buyer.token);
    const text = (await confirmation(buyer.email)).parsed.text ?? '';
    // Consented in English (the caller's language), quoted as given; the buyer's mail is in their own language (Polish).
    expect(text).toContain(`„${consentTexts.en['consent.earlyStart.v1']}” (v1)`);
    expect(text).toContain(`„${consentTexts.en['consent.recordingEarly.v1']}” (v1)`);
    expect(text).toContain('Ponieważ przy zakupie zażądano rozpoczęcia usługi przed upływem terminu');
  });
});
