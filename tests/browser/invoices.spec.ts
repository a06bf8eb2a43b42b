import { expect, test, type Page } from '@playwright/test';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { checkNip } from '../../modules/shared/text/index.ts';
import { bearer, firstAdminSignIn, signUp } from '../support/accounts.ts';
import { axeFindings, hydrated, watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/**
 * Invoices end to end (issue 23), on a phone: a buyer ticks "Chcę fakturę", types a NIP with a wrong check digit
 * (told at once, in Polish and in English), corrects it, pays on the dev checkout and downloads the invoice from My
 * Recordings once the worker has issued it; a second purchase's invoice is asked for later from My Recordings; the
 * admin finds both in the Invoices tab for the month and downloads the month as CSV.
 */
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
const PHONE = { width: 390, height: 844 };
const NIP = '1111111111';
const WRONG_NIP = '1234563219';

test.beforeAll(async () => {
  expect(checkNip(NIP).ok).toBe(true);
  expect(checkNip(WRONG_NIP)).toEqual({ ok: false, reason: 'checksum' });
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'pierwsza@example.com' });
  admin = (await firstAdminSignIn(server)).token;
  // The admin's setup, as the Invoices tab saves it (that form has its own test, admin-invoicing.spec.ts).
  const saved = await fetch(`${server.url}/api/admin/invoicing/seller`, {
    method: 'PUT', headers: { 'content-type': 'application/json', origin: server.url, ...bearer(admin) },
    body: JSON.stringify({
      name: 'Instytut Gestalt sp. z o.o.', address: { street: 'ul. Żurawia 6/12', postalCode: '00-503', city: 'Warszawa', country: 'PL' },
      nip: '1234563218', bankAccount: '', series: { invoice: 'FV', correction: 'KOR' }, placeOfIssue: 'Warszawa', defaultVat: { kind: 'rate', rate: 23 },
    }),
  });
  expect(saved.status).toBe(200);
  expect(((await saved.json()) as { readiness: { ready: boolean } }).readiness.ready).toBe(true);
});
test.afterAll(async () => { await server?.stop(); await smtp?.close(); });

/** axe's WCAG 2.1 AA findings on the page as it stands. */
async function openBuyPanel(page: Page, key: string, lang?: 'en') {
  await page.goto(`${server.url}/video-details/${key}${lang ? `?lang=${lang}` : ''}`);
  await page.locator('astro-island:not([ssr])').first().waitFor();
  await page.getByTestId('buy-now').click();
  return page.getByTestId('buy-panel');
}

/** The first document link of a purchase on My Recordings, waiting for the outbox worker to issue it. */
async function invoiceLink(page: Page, name: RegExp) {
  const link = page.getByRole('link', { name });
  await expect(async () => {
    await page.goto(`${server.url}/video`);
    await expect(link).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return link;
}

async function expectPdf(page: Page, href: string | null, number: string) {
  const res = await page.request.get(`${server.url}${href}`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  expect(res.headers()['content-disposition']).toBe(`attachment; filename="${number.replaceAll('/', '-')}.pdf"`);
}

test('a wrong NIP in the buy panel is told at once beside the field, in Polish and in English', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize(PHONE);
  const { token } = await signUp(server, smtp, 'jezyki@example.com');
  await page.context().addCookies([{ name: 'session', value: token, url: server.url }]);

  let panel = await openBuyPanel(page, DEMO_KEYS.fieldTheory);
  await expect(panel.getByLabel('NIP (nieobowiązkowy)')).toHaveCount(0);
  await panel.getByLabel('Chcę fakturę').check();
  let nip = panel.getByLabel('NIP (nieobowiązkowy)');
  await nip.pressSequentially(WRONG_NIP);
  await expect(nip).toHaveAttribute('aria-invalid', 'true');
  await expect(nip).toHaveAccessibleDescription(/^Ten NIP ma błędną cyfrę kontrolną\. Sprawdź, czy nie ma literówki\./);
  await nip.fill(NIP);
  await expect(nip).not.toHaveAttribute('aria-invalid');
  await expect(panel.getByText('Ten NIP ma błędną cyfrę kontrolną.', { exact: false })).toHaveCount(0);
  expect(await axeFindings(page)).toEqual([]);

  panel = await openBuyPanel(page, DEMO_KEYS.fieldTheory, 'en');
  await panel.getByLabel('I want an invoice').check();
  nip = panel.getByLabel('NIP (Polish tax number, optional)');
  await nip.fill(WRONG_NIP);
  await expect(nip).toHaveAccessibleDescription(/^This NIP’s check digit is wrong\. Check it for a typo\./);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
});

test('buy with an invoice on a phone, download it from My Recordings, ask for another later; the admin sees both and exports the month', async ({ page, browser }) => {
  const errors = watchErrors(page);
  await page.setViewportSize(PHONE);
  const { token } = await signUp(server, smtp, 'gabinet@example.com', 'Anna Gabinet');
  await page.context().addCookies([{ name: 'session', value: token, url: server.url }]);

  const panel = await openBuyPanel(page, DEMO_KEYS.shame);
  await page.locator('#accept-policy').check();
  await panel.getByLabel('Chcę fakturę').check();
  await panel.getByLabel('Nazwa firmy albo imię i nazwisko').fill('Gabinet Psychoterapii Zażółć');
  await panel.getByLabel('NIP (nieobowiązkowy)').fill('111-111-11-11');
  await panel.getByLabel('Ulica i numer').fill('ul. Gęślą 7');
  await panel.getByLabel('Kod pocztowy').fill('00950');
  await panel.getByLabel('Miejscowość').fill('Łódź');
  await expect(panel.getByLabel('Kraj (kod, np. PL)')).toHaveValue('PL');
  // The server's word about a field shows beside it: a Polish postal code is 00-000.
  await page.getByTestId('checkout').click();
  const postal = panel.getByLabel('Kod pocztowy');
  await expect(postal).toHaveAccessibleDescription('Polski kod pocztowy ma postać 00-000.');
  await expect(postal).toBeFocused();
  await postal.fill('90-950');
  await page.getByTestId('checkout').click();
  await expect(page).toHaveURL(/\/dev-checkout\//);
  await page.getByRole('button', { name: /^Zapłać/ }).click();
  await expect(page).toHaveURL(/\/video#nowy-film$/);

  const first = await invoiceLink(page, /^Faktura FV\/\d{4}\/000001$/);
  const number = (await first.textContent())!.replace('Faktura ', '');
  await expectPdf(page, await first.getAttribute('href'), number);

  // A second purchase, without an invoice at checkout: asked for later, as a consumer (no NIP), issued at once.
  const second = await openBuyPanel(page, DEMO_KEYS.fieldTheory);
  await page.locator('#accept-policy').check();
  await expect(second.getByLabel('Chcę fakturę')).not.toBeChecked();
  await page.getByTestId('checkout').click();
  await expect(page).toHaveURL(/\/dev-checkout\//);
  await page.getByRole('button', { name: /^Zapłać/ }).click();
  await expect(page).toHaveURL(/\/video#nowy-film$/);
  await page.goto(`${server.url}/video`);
  const ask = await hydrated(page.getByRole('button', { name: 'Poproś o fakturę' }));
  await expect(ask).toHaveCount(1);
  await ask.click();
  const form = page.getByRole('form', { name: 'Poproś o fakturę' });
  expect(await axeFindings(page)).toEqual([]);
  await form.getByLabel('Nazwa firmy albo imię i nazwisko').fill('Anna Gabinet');
  await form.getByLabel('Ulica i numer').fill('ul. Długa 1');
  await form.getByLabel('Kod pocztowy').fill('00-001');
  await form.getByLabel('Miejscowość').fill('Warszawa');
  await form.getByRole('button', { name: 'Wystaw fakturę' }).click();
  const later = page.getByRole('link', { name: /^Faktura FV\/\d{4}\/000002$/ });
  await expect(later).toBeFocused();
  await expectPdf(page, await later.getAttribute('href'), number.replace(/000001$/, '000002'));
  await page.reload();
  await expect(page.getByRole('link', { name: /^Faktura FV\/\d{4}\/00000[12]$/ })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Poproś o fakturę' })).toHaveCount(0);
  expect(errors).toEqual([]);

  // The admin's Invoices tab: this month, both documents, the XML only for the one with a NIP, and the month's CSV.
  const context = await browser.newContext({ viewport: PHONE });
  await context.addCookies([{ name: 'session', value: admin, url: server.url }]);
  const desk = await context.newPage();
  const deskErrors = watchErrors(desk);
  await desk.goto(`${server.url}/admin?lang=pl`);
  await expect(desk.locator('astro-island:has(.admin-tabs)')).not.toHaveAttribute('ssr');
  await desk.getByRole('tab', { name: 'Faktury', exact: true }).click();
  const section = desk.getByRole('tabpanel', { name: 'Faktury', exact: true });
  const month = await section.getByLabel('Miesiąc').inputValue();
  expect(month).toMatch(/^\d{4}-\d{2}$/);
  const table = section.getByRole('region', { name: `Faktury i korekty: ${month}` });
  const row = table.locator(`tr[data-invoice="${number}"]`);
  await expect(row).toContainText('Gabinet Psychoterapii Zażółć');
  await expect(row).toContainText(NIP);
  await expect(row).toContainText('faktura');
  await expect(row.getByRole('link', { name: `XML (KSeF): ${number}` })).toBeVisible();
  const consumer = table.locator(`tr[data-invoice="${number.replace(/000001$/, '000002')}"]`);
  await expect(consumer).toContainText('nie dotyczy (bez NIP)');
  await expect(consumer.getByRole('link', { name: /^XML/ })).toHaveCount(0);
  await expect(section.getByRole('button', { name: /Wyślij ponownie do KSeF/ })).toHaveCount(0);
  expect(await axeFindings(desk)).toEqual([]);
  expect(await desk.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectPdf(desk, await row.getByRole('link', { name: `PDF: ${number}` }).getAttribute('href'), number);
  const csvHref = await section.getByRole('link', { name: 'Eksportuj miesiąc (CSV)' }).getAttribute('href');
  expect(csvHref).toBe(`/api/admin/invoices?month=${month}&format=csv&separator=semicolon`);
  const csv = await desk.request.get(`${server.url}${csvHref}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
  const text = await csv.text();
  expect(text).toContain(`"${number}";"faktura";`);
  expect(text).toContain('Gabinet Psychoterapii Zażółć');

  await section.getByLabel('Stan KSeF').selectOption({ label: 'nie dotyczy (bez NIP)' });
  await expect(table.locator('tbody tr')).toHaveCount(1);
  expect(deskErrors).toEqual([]);
  await context.close();
});
