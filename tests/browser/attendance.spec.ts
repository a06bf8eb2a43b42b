import { expect, test } from '@playwright/test';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { axeFindings, watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/**
 * The attendee list's attendance: a tick per buyer and session, "all present", and a participant report previewed then
 * saved, its minutes counting their share of the session's hours; the buyer, on a phone, sees it on "Moje
 * zaświadczenia"; the admin's "full hours" gives the session's hours back, and the buyer sees that too.
 */
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
let ewa: string;
const PHONE = { width: 390, height: 844 };
// Playwright reads the no-break space before "h" as a space (whitespace normalised).
const NBSP = ' ';

test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com' });
  admin = (await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token;
  ewa = (await signUp(server, smtp, 'ewa@example.com', 'Ewa Kowalska')).token;
  await buyWithDevCheckout(server, ewa, DEMO_KEYS.shame, 'price_demo_shame_pln');
});
test.afterAll(async () => { await server?.stop(); await smtp?.close(); });

test('the admin ticks a session, marks all present, and imports a report after its preview; the buyer sees the hours it counts', async ({ page, browser }) => {
  await page.context().addCookies([{ name: 'session', value: admin, url: server.url }]);
  await page.goto(`${server.url}/admin?lang=en`);
  await expect(page.locator('astro-island:has(.admin-tabs)')).not.toHaveAttribute('ssr');
  await page.getByRole('tab', { name: 'Attendees' }).click();
  const section = page.getByRole('tabpanel', { name: 'Attendees' });
  await section.getByLabel('Event').selectOption(DEMO_KEYS.shame);
  const sheet = section.getByTestId('attendance-sheet');
  const ticks = sheet.getByRole('checkbox', { name: /^Ewa Kowalska: present at the session of / });
  await expect(ticks.first()).not.toBeChecked();
  await ticks.first().click();
  await expect(section.getByText('Attendance saved.')).toBeVisible();
  await expect(ticks.first()).toBeChecked();
  await expect(sheet.getByText('admin', { exact: true }).first()).toBeVisible();
  await ticks.first().click();
  await expect(ticks.first()).not.toBeChecked();
  await sheet.getByRole('button', { name: /^All present at the session of / }).first().click();
  await expect(ticks.first()).toBeChecked();

  await section.getByLabel('CSV file').setInputFiles({
    name: 'zoom.csv', mimeType: 'text/csv',
    buffer: Buffer.from('\uFEFFName (Original Name),User Email,Join Time,Leave Time,Duration (Minutes)\r\nEwa K,ewa@example.com,,,42\r\nGość,,,,5\r\n'),
  });
  await section.getByRole('button', { name: 'Show what will be saved' }).click();
  const preview = section.getByTestId('import-preview');
  await expect(preview.getByText(/Matched 1 people, unmatched 1/)).toBeVisible();
  // The session runs 10:00–18:30 less an hour's lunch: 7.5 hours over 510 minutes, so 42 minutes count half an hour.
  await expect(preview.getByText('Ewa Kowalska (ewa@example.com): 42 min, counts 0.5 h — Ewa K by e-mail')).toBeVisible();
  await preview.getByRole('button', { name: 'Save attendance from the report' }).click();
  await expect(section.getByText('Attendance saved from the report: 1 changes.')).toBeVisible();
  await expect(sheet.getByText('report, 42 min, counts 0.5 h')).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);

  // The buyer, on a phone: their own attendance under their certificates.
  const own = await browser.newContext({ viewport: PHONE });
  await own.addCookies([{ name: 'session', value: ewa, url: server.url }]);
  const mine = await own.newPage();
  const errors = watchErrors(mine);
  await mine.goto(`${server.url}/moje-certyfikaty`);
  const attendance = mine.getByTestId('own-attendance');
  await expect(attendance.getByRole('heading', { name: 'Obecność na szkoleniach' })).toBeVisible();
  const training = attendance.locator(`[data-training="${DEMO_KEYS.shame}"]`);
  await expect(training.getByRole('heading', { name: 'Wstyd w relacji terapeutycznej' })).toBeVisible();
  await expect(training.getByTestId('attendance-progress'))
    .toHaveText(`Policzone godziny: 0,5${NBSP}h z 22,5${NBSP}h; zaświadczenie po obecności na wszystkich spotkaniach (obecność: 1 z 3).`);
  const rows = training.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveAttribute('data-status', 'present');
  await expect(rows.nth(0)).toContainText('obecny(a), 42 min');
  await expect(rows.nth(0)).toContainText(`0,5${NBSP}h z 7,5${NBSP}h`);
  await expect(rows.nth(0)).toContainText(/\d{1,2} \p{L}+ \d{4}, 10:00–18:30/u);
  await expect(rows.nth(1)).toContainText('jeszcze nie odnotowano');
  expect(await axeFindings(mine)).toEqual([]);
  expect(await mine.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  // The admin's word after the report: the session's full hours, and the buyer sees them.
  await sheet.getByRole('button', { name: /^Ewa Kowalska: full hours for the session of / }).first().click();
  await expect(section.getByText('Attendance saved.')).toBeVisible();
  await expect(sheet.getByText('report, 42 min, counts 0.5 h')).toHaveCount(0);
  await mine.reload();
  await expect(rows.nth(0)).toContainText(`7,5${NBSP}h z 7,5${NBSP}h`);
  await expect(rows.nth(0).locator('td').nth(1)).toHaveText('obecny(a)');
  await mine.goto(`${server.url}/moje-certyfikaty?lang=en`);
  await expect(attendance.getByRole('heading', { name: 'Attendance at your trainings' })).toBeVisible();
  await expect(training.getByTestId('attendance-progress'))
    .toHaveText(`Hours counted: 7.5${NBSP}h of 22.5${NBSP}h; a certificate once you have attended every session (attended: 1 of 3).`);
  expect(errors).toEqual([]);
  await own.close();
});
