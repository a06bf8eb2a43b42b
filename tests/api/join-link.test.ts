import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/** The personal join link over HTTP (issue 24): the watch page and API hand out only it; a click is checked on the server. */
describe('the personal join link over HTTP (dev checkout)', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url });
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const page = (path: string, token?: string) => fetch(`${server.url}${path}`, { redirect: 'manual', headers: token ? { cookie: `session=${token}` } : {} });
  const joinPathOf = async (token: string) => {
    const video = (await (await fetch(`${server.url}/api/videos/${DEMO_KEYS.shame}`, { headers: bearer(token) })).json()) as { meetLink?: string };
    expect(video.meetLink).toMatch(/\/dolacz\/[^/]+$/);
    return new URL(video.meetLink!).pathname;
  };

  it('says before the event when joining opens, in the caller\'s language, and refuses a forged link (404) and someone else\'s (403)', async () => {
    const buyer = await signUp(server, smtp, 'dolaczajaca@example.com', 'Ewa Dołączająca');
    const other = await signUp(server, smtp, 'ktos-inny@example.com', 'Ktoś Inny');
    await buyWithDevCheckout(server, buyer.token, DEMO_KEYS.shame, 'price_demo_shame_pln');
    const path = await joinPathOf(buyer.token);

    const early = await page(path, buyer.token);
    expect(early.status).toBe(200);
    expect(early.headers.get('cache-control')).toContain('no-store');
    const html = await early.text();
    expect(html).toMatch(/Dołączyć można od \d+ \S+ \d{4} \d{2}:\d{2} \(czasu polskiego\)/);
    expect(html).not.toContain('meet.example');
    expect(await (await page(`${path}?lang=en`)).text()).toMatch(/You can join from \d+ \S+ \d{4}( at)? \d{2}:\d{2} \(Polish time\)/);

    const forged = await page(`${path.slice(0, -2)}xx`);
    expect(forged.status).toBe(404);
    expect(await forged.text()).toContain('Ten link do spotkania jest nieprawidłowy');
    const foreign = await page(path, other.token);
    expect(foreign.status).toBe(403);
    expect(await (await page(`${path}?lang=en`, other.token)).text()).toContain('This meeting link belongs to someone else');
  });

  it('answers 410 once the buyer has withdrawn from the purchase', async () => {
    const buyer = await signUp(server, smtp, 'odstepujaca-dolacz@example.com', 'Ewa Odstępująca');
    await buyWithDevCheckout(server, buyer.token, DEMO_KEYS.shame, 'price_demo_shame_pln');
    const path = await joinPathOf(buyer.token);
    const library = await (await page('/video', buyer.token)).text();
    const card = library.split('<li class="video-card"').find((c) => c.includes(`data-key="${DEMO_KEYS.shame}"`)) ?? '';
    const withdraw = /href="(\/odstapienie\/[^"]+)"/.exec(card)![1]!;
    const done = await fetch(`${server.url}${withdraw}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url }, body: 'confirm=1' });
    expect(done.status).toBe(200);
    const gone = await page(path);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('Ten zakup nie daje już dostępu do spotkania');
  });
});
