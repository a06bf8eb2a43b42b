import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_KEYS, type AdminProduct } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { axeFindings, hydrated, watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/**
 * The waiting list end to end (issue 24): a product with one seat sells out; a visitor signs in from the list's link
 * and comes back, joins, leaves and joins again; the admin sees the list; the seat frees (the buyer is refunded), the
 * next person is mailed an offer, sees the held seat on the purchase page and buys it on the dev checkout. And the
 * mail's decline link passes the seat on to the next person, who gives it up from the purchase page.
 */
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com' });
  admin = (await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token;
});
test.afterAll(async () => { await server?.stop(); await smtp?.close(); });

const api = (method: string, path: string, token: string, body?: unknown) => fetch(`${server.url}${path}`, {
  method, headers: { 'content-type': 'application/json', ...bearer(token) }, body: body === undefined ? undefined : JSON.stringify(body),
});

/** The product down to one seat, as the catalogue editor saves it. */
async function oneSeat(key: string) {
  const { key: _key, ...input } = ((await (await api('GET', '/api/admin/products', admin)).json()) as AdminProduct[]).find((p) => p.key === key)!;
  expect((await api('PUT', `/api/admin/products/${key}`, admin, { ...input, capacity: 1 })).status).toBe(200);
}

/** A product of its own (a new edition of the workshop) with one seat, and its PLN price. */
async function oneSeatEdition(title: string, titleEn: string) {
  const products = (await (await api('GET', '/api/admin/products', admin)).json()) as AdminProduct[];
  const { key: _key, ...input } = products.find((p) => p.key === DEMO_KEYS.shame)!;
  const created = await api('POST', '/api/admin/products', admin, { ...input, title, titleEn, capacity: 1 });
  expect(created.status).toBe(201);
  const { key } = (await created.json()) as { key: string };
  const priceId = ((await (await api('GET', '/api/admin/products', admin)).json()) as AdminProduct[]).find((p) => p.key === key)!.price.find((p) => p.name === 'PLN')!.api;
  return { key, priceId };
}

/** The admin refunds all of `email`'s payment for `key` (the attendees section's Refund), which frees their seat. */
async function refund(key: string, email: string) {
  const { attendees } = (await (await api('GET', `/api/admin/attendees/${key}`, admin)).json()) as { attendees: { email: string; purchaseId: string; amount: number }[] };
  const paid = attendees.find((a) => a.email === email)!;
  const res = await api('POST', `/api/admin/purchases/${paid.purchaseId}/refunds`, admin, { amountMinor: Math.round(paid.amount * 100), reason: 'rezygnacja' });
  expect(res.status).toBeLessThan(300);
}

/** The offer mail sent to `to` after the first `from` messages: its buy link and its decline link. */
async function offerMail(to: string, from: number) {
  let links: { buy: string; decline: string } | null = null;
  await expect.poll(() => {
    const mail = smtp.received.slice(from).find((m) => m.envelopeTo.includes(to) && (m.parsed.text ?? '').includes('/oferta/'));
    const text = mail?.parsed.text ?? '';
    const buy = /(https?:\/\/\S+\/video-details\/\S+)/.exec(text)?.[1];
    const decline = /(https?:\/\/\S+\/oferta\/\S+)/.exec(text)?.[1];
    links = buy && decline ? { buy, decline } : null;
    return links !== null;
  }, { timeout: 30_000 }).toBe(true);
  return links!;
}

async function adminAttendees(browser: Browser, viewport: typeof PHONE, key: string) {
  const context = await browser.newContext({ viewport });
  await context.addCookies([{ name: 'session', value: admin, url: server.url }]);
  const page = await context.newPage();
  await page.goto(`${server.url}/admin?lang=en`);
  await expect(page.locator('astro-island:has(.admin-tabs)')).not.toHaveAttribute('ssr');
  await page.getByRole('tab', { name: 'Attendees' }).click();
  const section = page.getByRole('tabpanel', { name: 'Attendees' });
  await section.getByLabel('Event').selectOption(key);
  return { page, section, waitlist: section.getByTestId('admin-waitlist'), close: () => context.close() };
}

async function payOnDevCheckout(page: Page) {
  await expect(page.getByTestId('buy-panel')).toBeVisible();
  await page.locator('#accept-policy').check();
  await page.getByTestId('checkout').click();
  await expect(page).toHaveURL(/\/dev-checkout\//);
  await page.getByRole('button', { name: /^Zapłać/ }).click();
  await expect(page).toHaveURL(/\/video#nowy-film$/);
}

for (const [device, viewport, key, slug] of [['phone', PHONE, DEMO_KEYS.shame, 'shame'], ['desktop', DESKTOP, DEMO_KEYS.breath, 'breath']] as const) {
  test(`${device}: sold out, join the list, the seat frees, the offer is mailed and bought`, async ({ page, browser }) => {
    const errors = watchErrors(page);
    await page.setViewportSize(viewport);
    await oneSeat(key);
    const first = await signUp(server, smtp, `pierwsza-${device}@example.com`, 'Ala Pierwsza');
    await buyWithDevCheckout(server, first.token, key, `price_demo_${slug}_pln`);
    const next = await signUp(server, smtp, `czekajaca-${device}@example.com`, 'Bożena Czekająca');

    // A visitor: sold out, and the list's link signs them in and brings them back.
    const productUrl = `${server.url}/video-details/${key}`;
    await page.goto(productUrl);
    await expect(page.getByTestId('sold-out')).toHaveText('Brak wolnych miejsc');
    await expect(page.getByTestId('buy-now')).toHaveCount(0);
    await page.getByRole('link', { name: 'Zaloguj się, aby zapisać się na listę oczekujących' }).click();
    await expect(page).toHaveURL(/\/zaloguj-sie\?powrot=/);
    await (await hydrated(page.getByLabel('E-mail'))).fill(next.email);
    await page.getByLabel('Hasło').fill('secret123');
    await page.getByRole('button', { name: 'Zaloguj się' }).click();
    await expect(page).toHaveURL(productUrl);

    // Signed in: join, see the place, leave, join again; the place is on the page as the server renders it.
    await (await hydrated(page.getByTestId('waitlist-join'))).click();
    await expect(page.getByTestId('waitlist-position')).toHaveText('Jesteś na liście oczekujących: miejsce 1.');
    await page.getByRole('button', { name: 'Wypisz się z listy' }).click();
    await page.getByRole('button', { name: 'Zapisz się na listę oczekujących' }).click();
    await expect(page.getByTestId('waitlist-position')).toHaveText('Jesteś na liście oczekujących: miejsce 1.');
    expect(await axeFindings(page)).toEqual([]);
    const reloaded = await page.request.get(productUrl);
    expect(await reloaded.text()).toContain('Jesteś na liście oczekujących: miejsce 1.');

    const panel = await adminAttendees(browser, viewport, key);
    await expect(panel.waitlist.getByTestId('waitlist-queue')).toContainText('Bożena Czekająca');
    await expect(panel.waitlist.getByTestId('waitlist-queue')).toContainText(next.email);
    await expect(panel.waitlist.getByTestId('waitlist-history')).toContainText('joined the list');

    // The seat frees: the next person is mailed an offer, and the panel shows it in flight.
    const mailsBefore = smtp.received.length;
    await refund(key, first.email);
    const offer = await offerMail(next.email, mailsBefore);
    await panel.page.reload();
    await panel.page.getByRole('tab', { name: 'Attendees' }).click();
    await panel.section.getByLabel('Event').selectOption(key);
    await expect(panel.waitlist.getByTestId('waitlist-history')).toContainText('seat freed (refund)');
    await expect(panel.waitlist.getByTestId('waitlist-history')).toContainText('seat offered');
    await expect(panel.waitlist.getByTestId('waitlist-queue').getByRole('row', { name: /Bożena/ })).not.toContainText('—');
    expect(await axeFindings(panel.page)).toEqual([]);
    await panel.close();

    // The mail's link opens the purchase page with the held seat and the buy panel; the dev checkout lets them through.
    await page.goto(offer.buy);
    await expect(page.getByTestId('waitlist-offer')).toContainText(/Czeka na Ciebie miejsce do \d+ \S+ \d{4}/);
    await expect(page.getByRole('button', { name: 'Rezygnuję z miejsca' })).toBeVisible();
    await expect(page.getByTestId('sold-out')).toHaveCount(0);
    expect(await axeFindings(page)).toEqual([]);
    await payOnDevCheckout(page);
    await page.goto(productUrl);
    await expect(page).toHaveURL(`${server.url}/watch-video/${key}`);
    expect(errors).toEqual([]);
  });
}

test('phone: the mail\'s decline link passes the seat on; the next person gives it up from the purchase page', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize(PHONE);
  const key = DEMO_KEYS.fieldTheory;
  await oneSeat(key);
  const first = await signUp(server, smtp, 'pierwsza-rezygnacja@example.com', 'Ala Pierwsza');
  await buyWithDevCheckout(server, first.token, key, 'price_demo_field_theory_pln');
  const second = await signUp(server, smtp, 'druga@example.com', 'Bożena Druga');
  const third = await signUp(server, smtp, 'trzecia@example.com', 'Celina Trzecia');
  for (const who of [second, third]) expect((await api('POST', `/api/products/${key}/waitlist`, who.token)).status).toBe(201);

  let mailsBefore = smtp.received.length;
  await refund(key, first.email);
  const offer = await offerMail(second.email, mailsBefore);
  // The link works without signing in: it asks first (a link scanner's visit changes nothing), then declines.
  mailsBefore = smtp.received.length;
  await page.goto(offer.decline);
  await expect(page.getByTestId('offer-question')).toBeVisible();
  await page.getByRole('button', { name: 'Rezygnuję z miejsca' }).click();
  await expect(page.getByTestId('offer-declined')).toHaveText('Zrezygnowano z miejsca. Trafi ono do następnej osoby z listy.');
  await offerMail(third.email, mailsBefore);
  await page.goto(offer.decline);
  await expect(page.getByTestId('offer-refused')).toContainText('Ta oferta już nie obowiązuje');

  await page.context().addCookies([{ name: 'session', value: third.token, url: server.url }]);
  await page.goto(`${server.url}/video-details/${key}`);
  await expect(page.getByTestId('waitlist-offer')).toContainText('Czeka na Ciebie miejsce do');
  await (await hydrated(page.getByRole('button', { name: 'Rezygnuję z miejsca' }))).click();
  await expect(page.getByTestId('offer-declined')).toHaveText('Zrezygnowano z miejsca. Trafi ono do następnej osoby z listy.');
  // Nobody else waits: the seat is for sale again.
  await page.reload();
  await expect(page.getByTestId('buy-now')).toBeVisible();
  await expect(page.getByTestId('sold-out')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('desktop: the panel pages a long history of the list, 50 steps a page, newest first', async ({ browser }) => {
  // A product of its own with one seat, sold; then someone joins and leaves 26 times: over 52 steps.
  const { key, priceId } = await oneSeatEdition('Wstyd: druga edycja', 'Shame: second edition');
  const buyer = await signUp(server, smtp, 'kupujaca-historia@example.com', 'Ala Historia');
  await buyWithDevCheckout(server, buyer.token, key, priceId);
  const restless = await signUp(server, smtp, 'niezdecydowana@example.com', 'Nina Niezdecydowana');
  for (let i = 0; i < 26; i += 1) {
    expect((await api('POST', `/api/products/${key}/waitlist`, restless.token)).status).toBe(201);
    expect((await api('DELETE', `/api/products/${key}/waitlist`, restless.token)).status).toBe(204);
  }

  const { history: { total } } = (await (await api('GET', `/api/admin/waitlist/${key}`, admin)).json()) as { history: { total: number } };
  expect(total).toBeGreaterThan(52);
  const panel = await adminAttendees(browser, DESKTOP, key);
  const history = panel.waitlist.getByTestId('waitlist-history');
  const pager = panel.waitlist.getByRole('navigation', { name: 'Pagination: History of seats and the list' });
  await expect(history.locator('tbody tr')).toHaveCount(50);
  await expect(history.locator('tbody tr').first()).toContainText('left the list');
  await expect(history.locator('tbody tr').first()).toContainText('niezdecydowana@example.com');
  await expect(pager).toContainText('Page 1 of 2');
  expect(await axeFindings(panel.page)).toEqual([]);
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('Page 2 of 2');
  await expect(history.locator('tbody tr')).toHaveCount(total - 50);
  await expect(history.locator('tbody tr').last()).toContainText('seat held for payment');
  await expect(history.locator('tbody tr').last()).toContainText('kupujaca-historia@example.com');
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(pager).toContainText('Page 1 of 2');
  await expect(history.locator('tbody tr')).toHaveCount(50);
  await panel.close();
});

test('desktop: a grant on a full product is said to go over the limit and takes a seat; revoked, its seat is offered to the list', async ({ browser }) => {
  const { key, priceId } = await oneSeatEdition('Wstyd: trzecia edycja', 'Shame: third edition');
  const first = await signUp(server, smtp, 'pierwsza-przydzial@example.com', 'Ala Pierwsza');
  await buyWithDevCheckout(server, first.token, key, priceId);
  const waiting = await signUp(server, smtp, 'czeka-na-przydzial@example.com', 'Wanda Czekająca');
  expect((await api('POST', `/api/products/${key}/waitlist`, waiting.token)).status).toBe(201);
  const assistant = await signUp(server, smtp, 'asystentka@example.com', 'Asia Asystentka');

  const panel = await adminAttendees(browser, DESKTOP, key);
  await expect(panel.section.getByTestId('seats')).toHaveText('Seats (1): sold 1, held while paying 0, free 0');
  await panel.section.getByRole('button', { name: 'Grant access' }).click();
  const dialog = panel.page.getByRole('dialog', { name: 'Grant access by hand' });
  await dialog.getByLabel('User\'s e-mail address').fill(assistant.email);
  await dialog.getByLabel('Reason').fill('asystentka prowadzącej');
  await dialog.getByRole('button', { name: 'Grant access' }).click();
  await expect(dialog.getByTestId('grant-over-capacity')).toHaveText('Every seat (1) is taken. This grant takes a seat over the limit.');
  expect(await axeFindings(panel.page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Grant', exact: true }).click();
  await expect(panel.page.getByText('Access granted.')).toBeVisible();
  await expect(panel.section.getByTestId('seats')).toHaveText('Seats (1): sold 2, held while paying 0, free 0');

  // Taken back: still full (two seats given for one); the buyer's refund then frees the one seat for the list.
  const mailsBefore = smtp.received.length;
  await panel.section.getByRole('button', { name: 'Revoke access: Asia Asystentka' }).click();
  await panel.page.getByRole('dialog').getByRole('button', { name: 'Revoke access' }).click();
  await expect(panel.page.getByText('Access revoked.')).toBeVisible();
  await expect(panel.section.getByTestId('seats')).toHaveText('Seats (1): sold 1, held while paying 0, free 0');
  await expect(panel.waitlist.getByTestId('waitlist-history')).toContainText('seat freed (access ended)');
  await refund(key, first.email);
  await offerMail(waiting.email, mailsBefore);
  await panel.close();
});
