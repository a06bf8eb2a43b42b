import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS, type AdminProduct } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

const KEY = DEMO_KEYS.shame;
const LIST = `/api/products/${KEY}/waitlist`;

/**
 * The waiting list over HTTP (issue 24): join, place, leave and their refusals in the caller's language, the panel's
 * view for the admin only (its history page by page), the purchase page's list read on the server, and the offer link
 * refusing a forged token.
 */
describe('the waiting list: /api/products/{key}/waitlist, /api/admin/waitlist/{key}, /oferta/{token}', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  let buyer: string;
  let waiting: string;
  let other: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com' });
    admin = (await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token;
    buyer = (await signUp(server, smtp, 'kupujaca@example.com', 'Ola Kupująca')).token;
    waiting = (await signUp(server, smtp, 'czekajaca@example.com', 'Ewa Czekająca')).token;
    other = (await signUp(server, smtp, 'druga@example.com', 'Iza Druga')).token;
    // One seat: the product is sold out after one purchase.
    const products = (await (await fetch(`${server.url}/api/admin/products`, { headers: bearer(admin) })).json()) as AdminProduct[];
    const { key: _key, ...input } = products.find((p) => p.key === KEY)!;
    const saved = await fetch(`${server.url}/api/admin/products/${KEY}`, {
      method: 'PUT', headers: { 'content-type': 'application/json', ...bearer(admin) }, body: JSON.stringify({ ...input, capacity: 1 }),
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const call = async (method: string, path: string, token?: string, lang: 'pl' | 'en' = 'pl') => {
    const res = await fetch(`${server.url}${path}`, { method, headers: { cookie: `lang=${lang}`, ...(token ? bearer(token) : {}) } });
    return { status: res.status, body: res.status === 204 ? null : await res.json().catch(() => null) };
  };

  it('refuses to queue while a seat can be bought, and for a product without a seat limit (409)', async () => {
    expect(await call('POST', LIST, waiting)).toEqual({ status: 409, body: { message: 'Są wolne miejsca: możesz kupić udział od razu.' } });
    expect(await call('POST', LIST, waiting, 'en')).toEqual({ status: 409, body: { message: 'Seats are free: you can buy your place right away.' } });
    expect(await call('POST', `/api/products/${DEMO_KEYS.fieldTheory}/waitlist`, waiting, 'en'))
      .toEqual({ status: 409, body: { message: 'This item has no seat limit, so it has no waiting list.' } });
  });

  it('sold out: joins 201 with a place, refuses a second join 409 and an owner 409, in the caller\'s language', async () => {
    await buyWithDevCheckout(server, buyer, KEY, 'price_demo_shame_pln');
    expect(await call('POST', LIST, waiting)).toEqual({ status: 201, body: { open: true, position: 1, offer: null } });
    expect(await call('GET', LIST, waiting)).toEqual({ status: 200, body: { open: true, position: 1, offer: null } });
    expect(await call('POST', LIST, waiting)).toEqual({ status: 409, body: { message: 'Jesteś już na liście oczekujących.' } });
    expect(await call('POST', LIST, waiting, 'en')).toEqual({ status: 409, body: { message: 'You are already on the waiting list.' } });
    const owner = await call('POST', LIST, buyer, 'en');
    expect(owner.status).toBe(409);
    expect(owner.body).toEqual({ message: 'You already have access to this material.' });
    expect((await call('GET', LIST, buyer)).body).toMatchObject({ position: null });
  });

  it('leaves 204, then answers 404 for someone not on the list', async () => {
    expect(await call('POST', LIST, other)).toMatchObject({ status: 201, body: { position: 2 } });
    expect(await call('DELETE', LIST, other)).toEqual({ status: 204, body: null });
    expect(await call('DELETE', LIST, other)).toEqual({ status: 404, body: { message: 'Nie ma Cię na liście oczekujących.' } });
    expect(await call('DELETE', LIST, other, 'en')).toEqual({ status: 404, body: { message: 'You are not on the waiting list.' } });
    expect((await call('GET', LIST, other)).body).toEqual({ open: true, position: null, offer: null });
  });

  it('answers 404 for an unknown product and 401 without a session', async () => {
    for (const method of ['POST', 'DELETE']) expect((await call(method, '/api/products/no-such-product/waitlist', waiting)).status).toBe(404);
    for (const method of ['GET', 'POST', 'DELETE']) {
      expect(await call(method, LIST, undefined, 'en')).toEqual({ status: 401, body: { message: 'You need to be logged in.' } });
    }
  });

  it('shows the list to the admin only (401 without a session, 403 for a user)', async () => {
    expect((await call('GET', `/api/admin/waitlist/${KEY}`)).status).toBe(401);
    expect(await call('GET', `/api/admin/waitlist/${KEY}`, waiting, 'en')).toEqual({ status: 403, body: { message: 'Access denied.' } });
    const panel = await call('GET', `/api/admin/waitlist/${KEY}`, admin);
    expect(panel.status).toBe(200);
    expect(panel.body).toMatchObject({
      seats: { capacity: 1, sold: 1, held: 0, free: 0 }, closed: false,
      queue: [{ position: 1, person: { name: 'Ewa Czekająca', email: 'czekajaca@example.com' }, offer: null }],
    });
    const steps = (panel.body as { history: { items: { type: string; reason: string | null }[] } }).history.items.map((h) => [h.type, h.reason]);
    expect(steps).toEqual(expect.arrayContaining([['SeatTaken', null], ['WaitlistJoined', null], ['WaitlistLeft', 'left']]));
  });

  it('renders the purchase page with the caller\'s place (no flicker) and a visitor\'s way to sign in and come back', async () => {
    const page = async (token?: string) => (await fetch(`${server.url}/video-details/${KEY}`, { headers: token ? { cookie: `session=${token}` } : {} })).text();
    const theirs = await page(waiting);
    expect(theirs).toContain('Jesteś na liście oczekujących: miejsce 1.');
    expect(theirs).toContain('Wypisz się z listy');
    expect(theirs).toContain('Brak wolnych miejsc');
    expect(await page(other)).toContain('Zapisz się na listę oczekujących');
    const visitor = await page();
    expect(visitor).toContain(`href="/zaloguj-sie?powrot=${encodeURIComponent(`/video-details/${KEY}`)}"`);
    // A signed-in visit to that link goes straight back; a link elsewhere is not followed.
    const back = await fetch(`${server.url}/zaloguj-sie?powrot=${encodeURIComponent(`/video-details/${KEY}`)}`, { redirect: 'manual', headers: { cookie: `session=${other}` } });
    expect([back.status, back.headers.get('location')]).toEqual([302, `/video-details/${KEY}`]);
    const away = await fetch(`${server.url}/zaloguj-sie?powrot=${encodeURIComponent('//evil.example/x')}`, { redirect: 'manual', headers: { cookie: `session=${other}` } });
    expect(away.headers.get('location')).toBe('/video');
  });

  it('answers a forged decline link 410, asked or posted, and changes nothing', async () => {
    const forged = await fetch(`${server.url}/oferta/not-a-real-token`);
    expect(forged.status).toBe(410);
    expect(await forged.text()).toContain('Ta oferta już nie obowiązuje');
    const posted = await fetch(`${server.url}/oferta/not-a-real-token?lang=en`, {
      method: 'POST', headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' }, body: '',
    });
    expect(posted.status).toBe(410);
    expect(await posted.text()).toContain('This offer no longer stands');
    expect((await call('GET', LIST, waiting)).body).toEqual({ open: true, position: 1, offer: null });
  });

  it('a freed seat is offered by mail; its link asks, then declines (the seat is for sale again), then answers 410', async () => {
    const { attendees } = (await call('GET', `/api/admin/attendees/${KEY}`, admin)).body as { attendees: { purchaseId: string; amount: number }[] };
    const before = smtp.received.length;
    const refunded = await fetch(`${server.url}/api/admin/purchases/${attendees[0]!.purchaseId}/refunds`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...bearer(admin) }, body: JSON.stringify({ amountMinor: Math.round(attendees[0]!.amount * 100), reason: 'x' }),
    });
    expect(refunded.status).toBe(200);
    let link = '';
    await expect.poll(() => {
      const mail = smtp.received.slice(before).find((m) => m.envelopeTo.includes('czekajaca@example.com'));
      link = /(https?:\/\/\S+\/oferta\/\S+)/.exec(mail?.parsed.text ?? '')?.[1] ?? '';
      return link;
    }, { timeout: 15_000 }).not.toBe('');
    expect((await call('GET', LIST, waiting)).body).toMatchObject({ position: 1, offer: { expiresAt: expect.any(String) } });
    const asked = await fetch(link);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('Czy chcesz z niego zrezygnować?');
    const declined = await fetch(link, { method: 'POST', headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain('Zrezygnowano z miejsca.');
    expect((await call('GET', LIST, waiting)).body).toEqual({ open: true, position: null, offer: null });
    expect((await call('GET', `/api/admin/waitlist/${KEY}`, admin)).body).toMatchObject({ seats: { sold: 0, held: 0, free: 1 }, queue: [] });
    expect((await fetch(link)).status).toBe(410);
  });

  it('pages the panel\'s history, 50 steps a page, newest first; a page past the last is empty, a page that is no number 400', async () => {
    await buyWithDevCheckout(server, buyer, KEY, 'price_demo_shame_pln');
    // 26 times on and off the list: 52 steps more, so the history runs over two pages.
    for (let i = 0; i < 26; i += 1) {
      expect((await call('POST', LIST, other)).status).toBe(201);
      expect((await call('DELETE', LIST, other)).status).toBe(204);
    }
    type Step = { type: string; at: string; reason: string | null; person: { email: string } | null };
    type Panel = { queue: unknown[]; history: { items: Step[]; page: number; pageSize: number; total: number } };
    const panel = async (query: string) => (await call('GET', `/api/admin/waitlist/${KEY}${query}`, admin)).body as Panel;
    const first = await panel('');
    expect(first.history).toMatchObject({ page: 1, pageSize: 50 });
    expect(first.history.total).toBeGreaterThan(52);
    expect(first.history.total).toBeLessThanOrEqual(100);
    expect(first.history.items).toHaveLength(50);
    expect(first.history.items[0]).toMatchObject({ type: 'WaitlistLeft', reason: 'left', person: { email: 'druga@example.com' } });
    expect(first.history.items[1]).toMatchObject({ type: 'WaitlistJoined', person: { email: 'druga@example.com' } });
    expect(await panel('?page=1')).toEqual(first);
    const second = await panel('?page=2');
    expect(second.history).toMatchObject({ page: 2, pageSize: 50, total: first.history.total });
    expect(second.history.items).toHaveLength(first.history.total - 50);
    // The oldest step of all is the first purchase's hold, on the last page; the pages follow each other in time.
    expect(second.history.items.at(-1)).toMatchObject({ type: 'SeatHeld' });
    expect(Date.parse(first.history.items.at(-1)!.at)).toBeGreaterThanOrEqual(Date.parse(second.history.items[0]!.at));
    expect(second.queue).toEqual(first.queue);
    expect((await panel('?page=3')).history).toEqual({ items: [], page: 3, pageSize: 50, total: first.history.total });
    for (const page of ['0', '-1', 'abc']) {
      expect(await call('GET', `/api/admin/waitlist/${KEY}?page=${page}`, admin, 'en')).toEqual({ status: 400, body: { message: 'The page number must be a whole number from 1.' } });
    }
  });
});
