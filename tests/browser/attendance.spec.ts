import { expect, test } from '@playwright/test';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/** The attendee list's attendance: a tick per buyer and session, "all present", and a participant report previewed then saved. */
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com' });
  admin = (await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token;
  const ewa = (await signUp(server, smtp, 'ewa@example.com', 'Ewa Kowalska')).token;
  await buyWithDevCheckout(server, ewa, DEMO_KEYS.shame, 'price_demo_shame_pln');
});
test.afterAll(async () => { await server?.stop(); await smtp?.close(); });

test('the admin ticks a session, marks all present, and imports a report after its preview', async ({ page }) => {
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
  await expect(preview.getByText('Ewa Kowalska (ewa@example.com): 42 min — Ewa K by e-mail')).toBeVisible();
  await preview.getByRole('button', { name: 'Save attendance from the report' }).click();
  await expect(section.getByText('Attendance saved from the report: 1 changes.')).toBeVisible();
  await expect(sheet.getByText('report, 42 min')).toBeVisible();
});
