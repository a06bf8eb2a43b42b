import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { formatDate } from '../../modules/shared/text/index.ts';
import { buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { axeFindings, watchErrors } from '../support/browser.ts';
import { qrCodesOf, textOf } from '../support/pdf.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/**
 * Certificates end to end (issue 25): the admin marks every session of the seed's shame workshop present in the
 * attendance sheet, the outbox worker issues the buyer's certificate, the buyer finds it on My Recordings and on
 * "Moje zaświadczenia" with its hours and downloads the PDF, whose QR code a visitor without an account follows to the
 * public page (valid, in Polish and in English); then the admin revokes it with a reason in the Certificates tab (the
 * page says revoked on the day) and re-issues it (a new number; the old page says replaced by it).
 */
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
let buyer: string;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const YEAR = new Date().getFullYear();
const FIRST = `CERT/${YEAR}/000001`;
const SECOND = `CERT/${YEAR}/000002`;
/** The first certificate's public page, as its QR code gives it. */
let firstPage = '';

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com' });
  admin = (await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token;
  buyer = (await signUp(server, smtp, 'ewa@example.com', 'Ewa Żółkiewska')).token;
  await buyWithDevCheckout(server, buyer, DEMO_KEYS.shame, 'price_demo_shame_pln');
});
test.afterAll(async () => { await server?.stop(); await smtp?.close(); });

const noSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

async function adminSection(page: Page, tab: string, lang: 'pl' | 'en') {
  await page.context().addCookies([{ name: 'session', value: admin, url: server.url }]);
  await page.goto(`${server.url}/admin?lang=${lang}`);
  await expect(page.locator('astro-island:has(.admin-tabs)')).not.toHaveAttribute('ssr');
  await page.getByRole('tab', { name: tab, exact: true }).click();
  const section = page.getByRole('tabpanel', { name: tab, exact: true });
  await expect(section.locator('.spinner')).toHaveCount(0);
  return section;
}

/** A visitor's page: a context of its own, without the session cookie. */
async function visitor(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

test('all sessions marked present issue a certificate: the buyer sees and downloads it, a visitor verifies it from its QR code', async ({ page, browser }) => {
  const errors = watchErrors(page);
  await page.setViewportSize(DESKTOP);
  const section = await adminSection(page, 'Attendees', 'en');
  await section.getByLabel('Event').selectOption(DEMO_KEYS.shame);
  const sheet = section.getByTestId('attendance-sheet');
  const ticks = sheet.getByRole('checkbox', { name: /^Ewa Żółkiewska: present at the session of / });
  const allPresent = sheet.getByRole('button', { name: /^All present at the session of / });
  await expect(allPresent.first()).toBeVisible();
  const sessions = await allPresent.count();
  expect(sessions).toBeGreaterThan(1);
  for (let i = 0; i < sessions; i++) {
    await allPresent.nth(i).click();
    await expect(ticks.nth(i)).toBeChecked();
  }
  expect(await axeFindings(page)).toEqual([]);
  expect(errors).toEqual([]);

  // The buyer, on a phone: the certificate on My Recordings once the worker has issued it, then its own page.
  const own = await browser.newContext({ viewport: PHONE });
  await own.addCookies([{ name: 'session', value: buyer, url: server.url }]);
  const mine = await own.newPage();
  const mineErrors = watchErrors(mine);
  const download = mine.getByRole('link', { name: `Pobierz PDF: ${FIRST}` });
  await expect(async () => {
    await mine.goto(`${server.url}/video`);
    await expect(download).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  expect(await axeFindings(mine)).toEqual([]);
  await mine.getByRole('link', { name: 'Moje zaświadczenia' }).click();
  await expect(mine).toHaveURL(/\/moje-certyfikaty$/);
  const row = mine.locator(`tr[data-certificate="${FIRST}"]`);
  await expect(row).toContainText('Wstyd w relacji terapeutycznej');
  // Hours as "25,5 h z 25,5 h" (a no-break space before the h): every session attended.
  const hours = (await row.locator('td').nth(3).textContent())!.replace(/\s+/g, ' ').trim();
  expect(hours).toMatch(/^(\d+(,\d{1,2})?) h z \1 h$/);
  await expect(row).toContainText('Ważne');
  // The year's total holds them; the five years' total (up to this year) only when the training ended by now: the seed's
  // workshop starts weeks ahead, so in December its certificate belongs to next year.
  const attended = hours.split(' z ')[0]!;
  const year = Number(await mine.locator('ul.years li').first().getAttribute('data-year'));
  await expect(mine.locator(`li[data-year="${year}"]`)).toContainText(attended);
  await expect(mine.getByTestId('five-years')).toContainText(year <= new Date().getFullYear() ? attended : /\b0\s?h\b/);
  expect(await axeFindings(mine)).toEqual([]);
  await noSideScroll(mine);

  const pdf = await mine.request.get(`${server.url}${await row.getByRole('link', { name: 'Pobierz PDF' }).getAttribute('href')}`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const bytes = await pdf.body();
  const text = await textOf(bytes);
  expect(text).toContain('Ewa Żółkiewska');
  expect(text).toContain(FIRST);
  const summary = await mine.request.get(`${server.url}/api/user/certificates/summary?lang=pl`);
  expect(summary.status()).toBe(200);
  expect(summary.headers()['content-type']).toBe('application/pdf');
  firstPage = (await qrCodesOf(bytes))[0] ?? '';
  expect(firstPage).toMatch(new RegExp(`^${server.url}/certyfikat/[\\w-]+$`));
  expect(mineErrors).toEqual([]);
  await own.close();

  // A visitor without an account, from the QR code: the holder, the training, the hours, valid; then in English.
  const { context, page: open, errors: openErrors } = await visitor(browser, PHONE);
  const response = await open.goto(firstPage);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-robots-tag']).toBe('noindex');
  await expect(open.getByRole('heading', { name: 'Weryfikacja zaświadczenia' })).toBeVisible();
  await expect(open.getByTestId('certificate-holder')).toHaveText('Ewa Żółkiewska');
  await expect(open.getByTestId('certificate-training')).toHaveText('Wstyd w relacji terapeutycznej');
  await expect(open.getByTestId('certificate-hours')).toHaveText(hours);
  await expect(open.getByTestId('certificate-status')).toHaveText('Ważne');
  await expect(open.getByTestId('certificate-number')).toHaveText(FIRST);
  expect(await axeFindings(open)).toEqual([]);
  await noSideScroll(open);
  await open.goto(`${firstPage}?lang=en`);
  await expect(open.getByRole('heading', { name: 'Certificate verification' })).toBeVisible();
  await expect(open.getByTestId('certificate-status')).toHaveText('Valid');
  await expect(open.getByTestId('certificate-training')).toHaveText('Shame in the Therapeutic Relationship');
  await expect(open.getByTestId('certificate-hours')).toHaveText(hours.replace(' z ', ' of ').replaceAll(',', '.'));
  expect(openErrors).toEqual([]);
  await context.close();
});

test('the admin revokes it with a reason (the page says revoked on the day) and re-issues it (a new number; the old page says replaced)', async ({ page, browser }) => {
  expect(firstPage).not.toBe('');
  const errors = watchErrors(page);
  await page.setViewportSize(PHONE);
  const section = await adminSection(page, 'Zaświadczenia', 'pl');
  const first = section.locator(`tr[data-certificate="${FIRST}"]`);
  await expect(first).toContainText('Ewa Żółkiewska');
  await expect(first).toContainText('ważne');
  expect(await axeFindings(page)).toEqual([]);
  await noSideScroll(page);

  page.once('dialog', (dialog) => {
    expect(dialog.type()).toBe('prompt');
    expect(dialog.message()).toBe(`Powód unieważnienia zaświadczenia ${FIRST}:`);
    void dialog.accept('Błąd w nazwisku');
  });
  await first.getByRole('button', { name: 'Unieważnij' }).click();
  await expect(section.getByText('Gotowe.')).toBeVisible();
  await expect(first).toContainText('unieważnione: Błąd w nazwisku');
  await expect(first.getByRole('button', { name: 'Unieważnij' })).toHaveCount(0);

  const { context, page: open, errors: openErrors } = await visitor(browser, DESKTOP);
  await open.goto(firstPage);
  const today = new Date();
  await expect(open.getByTestId('certificate-status')).toHaveText(`Unieważnione ${formatDate(today, 'pl')}`);
  await open.goto(`${firstPage}?lang=en`);
  await expect(open.getByTestId('certificate-status')).toHaveText(`Revoked on ${formatDate(today, 'en')}`);

  page.once('dialog', (dialog) => {
    expect(dialog.type()).toBe('confirm');
    void dialog.accept();
  });
  await first.getByRole('button', { name: 'Wystaw ponownie' }).click();
  const second = section.locator(`tr[data-certificate="${SECOND}"]`);
  await expect(second).toContainText('ważne');
  await expect(first).toContainText(`zastąpione przez ${SECOND}`);
  await expect(first.getByRole('button')).toHaveCount(0);
  expect(await axeFindings(page)).toEqual([]);
  expect(errors).toEqual([]);

  // ?lang= stays as the visitor's choice (a cookie): back to Polish.
  await open.goto(`${firstPage}?lang=pl`);
  const status = open.getByTestId('certificate-status');
  await expect(status).toContainText(`Unieważnione ${formatDate(today, 'pl')}`);
  const replacement = status.getByRole('link', { name: `Zastąpione zaświadczeniem ${SECOND}` });
  await expect(replacement).toBeVisible();
  expect(await axeFindings(open)).toEqual([]);
  await replacement.click();
  await expect(open.getByTestId('certificate-number')).toHaveText(SECOND);
  await expect(open.getByTestId('certificate-status')).toHaveText('Ważne');
  await expect(open.getByTestId('certificate-holder')).toHaveText('Ewa Żółkiewska');
  expect(openErrors).toEqual([]);
  await context.close();

  // The buyer's My Recordings now offers the new one only.
  const own = await browser.newContext({ viewport: PHONE });
  await own.addCookies([{ name: 'session', value: buyer, url: server.url }]);
  const mine = await own.newPage();
  await mine.goto(`${server.url}/video`);
  await expect(mine.getByRole('link', { name: `Pobierz PDF: ${SECOND}` })).toBeVisible();
  await expect(mine.getByRole('link', { name: `Pobierz PDF: ${FIRST}` })).toHaveCount(0);
  await own.close();
});
