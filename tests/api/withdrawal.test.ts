import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, firstAdminSignIn, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/** The withdrawal function over HTTP: My Recordings' control, the signed link without sign-in, the signed-in route, refusals. */
describe('withdrawing from a purchase over HTTP (dev checkout)', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  let buyers = 0;
  const newBuyer = () => signUp(server, smtp, `odstepujacy-${++buyers}@example.com`, 'Ewa Odstępująca');

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url });
    admin = (await firstAdminSignIn(server)).token;
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const page = (path: string, token?: string) => fetch(`${server.url}${path}`, { headers: token ? { cookie: `session=${token}` } : {} });
  const confirm = (path: string, headers: Record<string, string> = { origin: server.url }) => fetch(`${server.url}${path}`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: 'confirm=1',
  });
  /** The signed link My Recordings offers beside the product, or null when none is offered. */
  const offered = async (token: string, key: string) => {
    const html = await (await page('/video', token)).text();
    const card = html.split('<li class="video-card"').find((c) => c.includes(`data-key="${key}"`)) ?? '';
    return /href="(\/odstapienie\/[^"]+)"[^>]*>Odstąp od umowy tutaj</.exec(card)?.[1] ?? null;
  };
  const buy = async (key: string, priceId: string) => {
    const buyer = await newBuyer();
    await buyWithDevCheckout(server, buyer.token, key, priceId);
    const link = await offered(buyer.token, key);
    expect(link).not.toBeNull();
    return { ...buyer, link: link!, purchaseId: link!.split('/').pop()!.split('.')[0]! };
  };
  const acknowledgement = async (to: string, ms = 60_000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const mail = smtp.received.find((m) => m.envelopeTo.includes(to) && m.parsed.subject?.startsWith('Potwierdzenie odstąpienia od umowy'));
      if (mail) return mail.parsed.text ?? '';
      if (Date.now() > deadline) throw new Error(`no acknowledgement for ${to}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  };

  it('withdraws from the mailed link without signing in: statement, confirm, acknowledgement mail, access gone at once', async () => {
    const buyer = await buy(DEMO_KEYS.trauma, 'price_demo_trauma_pln');
    const step1 = await page(`${buyer.link}?lang=en`);
    expect(step1.status).toBe(200);
    expect(step1.headers.get('cache-control')).toContain('no-store');
    expect(step1.headers.get('x-robots-tag')).toBe('noindex');
    const html1 = await step1.text();
    expect(html1).toContain('Step 1 of 2: statement');
    expect(html1).toMatch(/I, Ewa Odstępująca \(odstepujacy-\d+@example\.com\), withdraw from the contract for “[^”]+”/);
    const step2 = await (await page(`${buyer.link}?krok=2`)).text();
    expect(step2).toContain('Potwierdź odstąpienie');
    expect(step2).toMatch(/Kwota zwrotu: [\d\s ]+,\d{2} PLN/);

    // Another site cannot make the buyer's browser confirm: refused at the edge, nothing recorded.
    expect((await confirm(buyer.link, { origin: 'https://evil.example' })).status).toBe(403);
    expect(await offered(buyer.token, DEMO_KEYS.trauma)).toBe(buyer.link);

    const done = await confirm(buyer.link);
    expect(done.status).toBe(200);
    const html = await done.text();
    expect(html).toContain('Otrzymaliśmy Twoje oświadczenie o odstąpieniu od umowy.');
    expect(html).toContain('Dostęp do materiału został zakończony.');
    const mail = await acknowledgement(buyer.email);
    expect(mail).toContain(`Ja, Ewa Odstępująca (${buyer.email}), odstępuję od umowy zakupu`);
    expect(mail).toMatch(/Data i godzina otrzymania: \d{1,2} \S+ \d{4} \d{2}:\d{2} \(czas polski\)/);

    const watch = await (await page(`/watch-video/${DEMO_KEYS.trauma}`, buyer.token)).text();
    expect(watch).toContain('Brak dostępu');
    const video = (await (await fetch(`${server.url}/api/videos/${DEMO_KEYS.trauma}`, { headers: bearer(buyer.token) })).json()) as Record<string, unknown>;
    expect(video).not.toHaveProperty('watchURL');
    expect(video).not.toHaveProperty('meetLink');
    expect(await offered(buyer.token, DEMO_KEYS.trauma)).toBeNull();

    // The same link again: the withdrawal is already recorded.
    const again = await confirm(`${buyer.link}?lang=en`);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('The withdrawal from this contract has already been received.');
  });

  it('refuses a forged link in the visitor\'s language', async () => {
    const buyer = await buy(DEMO_KEYS.shame, 'price_demo_shame_pln');
    const forged = `${buyer.link.slice(0, -3)}abc`;
    const get = await page(`${forged}?lang=en`);
    expect(get.status).toBe(404);
    expect(await get.text()).toContain('This withdrawal link is not valid.');
    const post = await confirm(forged);
    expect(post.status).toBe(404);
    expect(await post.text()).toContain('Ten link do odstąpienia od umowy jest nieprawidłowy.');
    expect(await offered(buyer.token, DEMO_KEYS.shame)).toBe(buyer.link);
  });

  it('withdraws through the signed-in route, for the buyer\'s own purchase only', async () => {
    const buyer = await buy(DEMO_KEYS.contactStyles, 'price_demo_contact_styles_pln');
    const other = await newBuyer();
    const route = `/api/user/purchases/${buyer.purchaseId}/withdrawal`;
    const call = (method: string, token: string, query = '') => fetch(`${server.url}${route}${query}`, { method, headers: bearer(token) });
    const foreign = await call('POST', other.token, '?lang=en');
    expect([foreign.status, await foreign.json()]).toEqual([403, { message: 'This is not your purchase.' }]);
    expect((await call('GET', other.token)).status).toBe(403);
    expect(await fetch(`${server.url}${route}`, { method: 'POST' }).then((r) => r.status)).toBe(401);

    const preview = (await (await call('GET', buyer.token)).json()) as { right: { open: boolean; refundMinor: number } };
    expect(preview.right).toMatchObject({ open: true });
    const done = await call('POST', buyer.token);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ via: 'account', refundMinor: preview.right.refundMinor, currency: 'PLN' });
    const second = await call('POST', buyer.token);
    expect([second.status, await second.json()]).toEqual([409, { message: 'Odstąpienie od tej umowy zostało już przyjęte.' }]);
    await acknowledgement(buyer.email);
    const trail = (await (await fetch(`${server.url}/api/admin/audit?type=purchase&subject=${DEMO_KEYS.contactStyles}&lang=en`, { headers: bearer(admin) })).json()) as
      { items: { event: string; summary: string }[] };
    // One decision, newest first: access ended by the withdrawal, the refund (settled at once on the dev checkout), the statement.
    expect(trail.items.slice(0, 2)).toMatchObject([
      { event: 'PurchaseAccessEnded', summary: expect.stringMatching(/^Access ended by a withdrawal from the contract: .+, Ewa Odstępująca$/) },
      { event: 'WithdrawalReceived', summary: expect.stringMatching(/^Withdrawal from the contract: .+, Ewa Odstępująca, .+ PLN to refund/) },
    ]);
    expect((await page(`/watch-video/${DEMO_KEYS.contactStyles}`, buyer.token).then((r) => r.text()))).toContain('Brak dostępu');
  });
});
