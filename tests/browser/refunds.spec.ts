import { expect, test, type Page } from '@playwright/test';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { axeFindings, watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/** A refund from the attendees section: part with a reason after confirming, then the rest, and the buyer loses access at once. */
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
let buyer: string;
test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com' });
  admin = (await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa', '+48 500 000 001')).token;
  buyer = (await signUp(server, smtp, 'ewa@example.com', 'Ewa Kowalska', '+48 601 222 333')).token;
  await buyWithDevCheckout(server, buyer, DEMO_KEYS.shame, 'price_demo_shame_pln');
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

test('the admin refunds part after confirming, then the rest; the buyer sees it on My Recordings and loses the watch page at once', async ({ page, browser }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const errors = watchErrors(page);
  const section = await openAttendees(page);
  // The attendee list's row (the attendance sheet and the waiting list, tables with a test id, name her too).
  const row = section.locator('table:not([data-testid])').getByRole('row', { name: /Ewa Kowalska/ });
  await row.getByRole('button', { name: 'Refund payment: Ewa Kowalska' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund payment: Ewa Kowalska' });
  await dialog.getByLabel('Part of it').check();
  await dialog.getByLabel('Refund amount (PLN)').fill('10,50');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Give a reason for the refund.');
  await dialog.getByLabel('Reason for the refund').fill('late start');
  expect(await axeFindings(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog).toContainText('Refund 10.50 PLN to Ewa Kowalska?');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(section.getByText('Refund recorded.')).toBeVisible();
  await expect(row).toContainText('partly refunded');
  await expect(row).toContainText('Refunded: 10.50 PLN');

  const theirs = await browser.newContext();
  await theirs.addCookies([{ name: 'session', value: buyer, url: server.url }]);
  const buyerPage = await theirs.newPage();
  await buyerPage.goto(`${server.url}/video?lang=en`);
  await expect(buyerPage.getByRole('list', { name: 'Refunds' })).toContainText('Refunded 10.50 PLN');
  const watch = await buyerPage.goto(`${server.url}/watch-video/${DEMO_KEYS.shame}?lang=en`);
  expect(watch?.status()).toBe(200);

  await row.getByRole('button', { name: 'Refund payment: Ewa Kowalska' }).click();
  await dialog.getByLabel('Reason for the refund').fill('cancelled');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(section.getByText('Refund recorded.')).toBeVisible();
  await expect(row).toContainText('refunded');
  await expect(row.getByRole('button', { name: /^Refund payment/ })).toHaveCount(0);
  await expect(section.getByRole('region', { name: 'Totals' })).toContainText('PLN — refunds: 1');
  await expect(section.getByRole('region', { name: 'Totals' })).toContainText('PLN — payments: 1');

  const denied = await buyerPage.goto(`${server.url}/watch-video/${DEMO_KEYS.shame}?lang=en`);
  expect(denied?.status()).toBe(403);
  await buyerPage.goto(`${server.url}/video?lang=en`);
  await expect(buyerPage.getByRole('list', { name: 'Refunds' })).toContainText('Access ended by a refund');
  await theirs.close();
  expect(errors).toEqual([]);
});
