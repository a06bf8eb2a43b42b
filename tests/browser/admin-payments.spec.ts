import { expect, test, type Page } from '@playwright/test';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { axeFindings, watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/** Who paid what, in the attendees section: amounts and totals, a place granted by hand and taken back, at desk and phone width. */
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
let student: string;
test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com' });
  admin = (await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa', '+48 500 000 001')).token;
  const ewa = (await signUp(server, smtp, 'ewa@example.com', 'Ewa Kowalska', '+48 601 222 333')).token;
  student = (await signUp(server, smtp, 'studentka@example.com', 'Ola Studentka', '+48 603 666 777')).token;
  await buyWithDevCheckout(server, ewa, DEMO_KEYS.shame, 'price_demo_shame_pln');
});
test.afterAll(async () => { await server?.stop(); await smtp?.close(); });

async function openAttendees(page: Page) {
  await page.context().addCookies([{ name: 'session', value: admin, url: server.url }]);
  await page.goto(`${server.url}/admin?lang=en`);
  await expect(page.locator('astro-island:has(.admin-tabs)')).not.toHaveAttribute('ssr');
  await page.getByRole('tab', { name: 'Attendees' }).click();
  const section = page.getByRole('tabpanel', { name: 'Attendees' });
  await section.getByLabel('Event').selectOption(DEMO_KEYS.shame);
  await expect(section.getByRole('status').filter({ hasText: 'Showing' })).toBeVisible();
  return section;
}

test('the admin sees amounts and totals, grants a free place with a reason after confirming, the student owns it, and revoking takes it away', async ({ page, browser }) => {
  const errors = watchErrors(page);
  const section = await openAttendees(page);
  // The attendee list's rows, not the attendance sheet's below it (which names the same people).
  const list = section.locator('table:not([data-testid])');
  await expect(list.getByRole('row', { name: /Ewa Kowalska/ })).toContainText('paid');
  await expect(section.getByRole('region', { name: 'Totals' })).toContainText(/PLN — payments: 1, [\d,.]+\.00 PLN in all/);
  await expect(section.getByRole('region', { name: 'Totals' })).toContainText('Granted by hand (no payment): 0');
  await expect(section.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', `/api/admin/attendees/${DEMO_KEYS.shame}?format=csv&separator=comma`);
  await section.getByLabel('CSV separator').selectOption('semicolon');
  await expect(section.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', /separator=semicolon$/);

  await section.getByRole('button', { name: 'Grant access' }).click();
  const dialog = page.getByRole('dialog', { name: 'Grant access by hand' });
  await dialog.getByLabel('User\'s e-mail address').fill('nikt@example.com');
  await dialog.getByLabel('Reason').fill('free place: student');
  await dialog.getByRole('button', { name: 'Grant access' }).click();
  await dialog.getByRole('button', { name: 'Grant', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('There is no account with this e-mail address.');
  await dialog.getByLabel('User\'s e-mail address').fill('studentka@example.com');
  await dialog.getByRole('button', { name: 'Grant access' }).click();
  await expect(dialog).toContainText('Grant access to "Shame in the Therapeutic Relationship" to studentka@example.com?');
  await dialog.getByRole('button', { name: 'Grant', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(section.getByText('Access granted.')).toBeVisible();
  const row = list.getByRole('row', { name: /Ola Studentka/ });
  await expect(row).toContainText('granted by hand');
  await expect(row).toContainText('free place: student');
  await expect(section.getByRole('region', { name: 'Totals' })).toContainText('Granted by hand (no payment): 1');
  await expect(section.getByRole('region', { name: 'Totals' })).toContainText('PLN — payments: 1');

  // The student sees it as theirs at once.
  const theirs = await browser.newContext();
  await theirs.addCookies([{ name: 'session', value: student, url: server.url }]);
  const studentPage = await theirs.newPage();
  await studentPage.goto(`${server.url}/video?lang=en`);
  await expect(studentPage.getByText('Shame in the Therapeutic Relationship').first()).toBeVisible();

  await row.getByRole('button', { name: 'Revoke access: Ola Studentka' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm' })).toContainText('Take away Ola Studentka\'s access');
  await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'Revoke access' }).click();
  await expect(section.getByText('Access revoked.')).toBeVisible();
  await expect(list.getByRole('row', { name: /Ola Studentka/ })).toHaveCount(0);
  await studentPage.goto(`${server.url}/video?lang=en`);
  await expect(studentPage.getByText('Shame in the Therapeutic Relationship')).toHaveCount(0);
  await theirs.close();
  expect(errors).toEqual([]);
});

test('at 390 px the attendee list fits the screen, its actions are reached without sideways scrolling, and axe finds nothing', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const ready = await fetch(`${server.url}/api/admin/grants`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    body: JSON.stringify({ productKey: DEMO_KEYS.shame, email: 'studentka@example.com', reason: 'prowadząca' }),
  });
  expect(ready.status).toBe(200);
  const section = await openAttendees(page);
  const revoke = section.getByRole('button', { name: 'Revoke access: Ola Studentka' });
  await revoke.scrollIntoViewIfNeeded();
  const box = (await revoke.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  expect(await section.getByRole('region', { name: /^Attendees: / }).evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  expect(await axeFindings(page)).toEqual([]);
  await section.getByRole('button', { name: 'Grant access' }).click();
  await expect(page.getByRole('dialog', { name: 'Grant access by hand' })).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
});
