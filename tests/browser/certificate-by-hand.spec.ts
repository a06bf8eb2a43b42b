import { expect, test } from '@playwright/test';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { axeFindings, watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/**
 * A certificate issued by hand (issue 25): the buyer attended one session of three, short of the threshold (every
 * session); the admin issues theirs from the attendance sheet anyway; the buyer finds it on "Moje zaświadczenia" with
 * the hours they attended, and its public page says valid.
 */
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
let buyer: string;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const NUMBER = `CERT/${new Date().getFullYear()}/000001`;
// Playwright reads the no-break space before "h" as a space (whitespace normalised).
const NBSP = ' ';

test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com' });
  admin = (await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token;
  buyer = (await signUp(server, smtp, 'ola@example.com', 'Ola Źdźbło')).token;
  await buyWithDevCheckout(server, buyer, DEMO_KEYS.shame, 'price_demo_shame_pln');
});
test.afterAll(async () => { await server?.stop(); await smtp?.close(); });

test('the admin issues a certificate by hand below the threshold; the buyer sees it and its page says valid', async ({ page, browser }) => {
  const errors = watchErrors(page);
  await page.setViewportSize(DESKTOP);
  await page.context().addCookies([{ name: 'session', value: admin, url: server.url }]);
  await page.goto(`${server.url}/admin?lang=en`);
  await expect(page.locator('astro-island:has(.admin-tabs)')).not.toHaveAttribute('ssr');
  await page.getByRole('tab', { name: 'Attendees', exact: true }).click();
  const section = page.getByRole('tabpanel', { name: 'Attendees', exact: true });
  await section.getByLabel('Event').selectOption(DEMO_KEYS.shame);
  const sheet = section.getByTestId('attendance-sheet');
  const ticks = sheet.getByRole('checkbox', { name: /^Ola Źdźbło: present at the session of / });
  await expect(ticks).toHaveCount(3);
  await ticks.first().click();
  await expect(section.getByText('Attendance saved.')).toBeVisible();
  await expect(ticks.first()).toBeChecked();

  // One session of three: the threshold (every session) is not met, so nothing was issued.
  await page.getByRole('tab', { name: 'Certificates', exact: true }).click();
  const certificates = page.getByRole('tabpanel', { name: 'Certificates', exact: true });
  await expect(certificates.getByText('No certificates.')).toBeVisible();
  await page.getByRole('tab', { name: 'Attendees', exact: true }).click();
  await section.getByLabel('Event').selectOption(DEMO_KEYS.shame);
  await expect(ticks.first()).toBeChecked();

  page.once('dialog', (dialog) => {
    expect(dialog.type()).toBe('confirm');
    expect(dialog.message()).toBe('Issue a certificate for Ola Źdźbło now, with the hours attended recorded so far, even if the threshold is not reached?');
    void dialog.accept();
  });
  await sheet.getByRole('button', { name: 'Issue certificate: Ola Źdźbło' }).click();
  await expect(section.getByText('Certificate issued: Ola Źdźbło.')).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);

  // Issued once: a second try is refused, pointing at re-issuing.
  page.once('dialog', (dialog) => void dialog.accept());
  await sheet.getByRole('button', { name: 'Issue certificate: Ola Źdźbło' }).click();
  await expect(section.getByRole('alert')).toHaveText('This purchase already has a certificate. To correct it, re-issue it.');

  await page.getByRole('tab', { name: 'Certificates', exact: true }).click();
  const row = certificates.locator(`tr[data-certificate="${NUMBER}"]`);
  await expect(row).toContainText('Ola Źdźbło');
  await expect(row).toContainText('valid');
  expect(errors).toEqual([]);

  // The buyer, on a phone: the certificate with the hours attended of those offered, valid.
  const own = await browser.newContext({ viewport: PHONE });
  await own.addCookies([{ name: 'session', value: buyer, url: server.url }]);
  const mine = await own.newPage();
  const mineErrors = watchErrors(mine);
  await mine.goto(`${server.url}/moje-certyfikaty`);
  const listed = mine.locator(`tr[data-certificate="${NUMBER}"]`);
  await expect(listed).toContainText('Wstyd w relacji terapeutycznej');
  await expect(listed).toContainText(`7,5${NBSP}h z 22,5${NBSP}h`);
  await expect(listed).toContainText('Ważne');
  await expect(mine.getByTestId('attendance-progress')).toContainText('(obecność: 1 z 3)');
  expect(await axeFindings(mine)).toEqual([]);
  const verify = await listed.getByRole('link', { name: 'Strona weryfikacji' }).getAttribute('href');
  expect(mineErrors).toEqual([]);
  await own.close();

  // Anyone, without an account: the public page says valid.
  const visitor = await browser.newContext({ viewport: PHONE });
  const open = await visitor.newPage();
  const openErrors = watchErrors(open);
  expect((await open.goto(`${server.url}${verify}`))?.status()).toBe(200);
  await expect(open.getByTestId('certificate-number')).toHaveText(NUMBER);
  await expect(open.getByTestId('certificate-holder')).toHaveText('Ola Źdźbło');
  await expect(open.getByTestId('certificate-status')).toHaveText('Ważne');
  await expect(open.getByTestId('certificate-hours')).toHaveText(`7,5${NBSP}h z 22,5${NBSP}h`);
  expect(await axeFindings(open)).toEqual([]);
  await open.goto(`${server.url}${verify}?lang=en`);
  await expect(open.getByTestId('certificate-status')).toHaveText('Valid');
  expect(openErrors).toEqual([]);
  await visitor.close();
});
