import { expect, test } from '@playwright/test';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { formatDate } from '../../modules/shared/text/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { axeFindings, watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/** Background work in the panel (issue 24): a buyer's reminders, planned when they paid, are there with their due times. */
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
type Work = { topics: { topic: string; pending: number; nextDueAt: string | null }[]; items: { dueAt: string }[] };
let planned: Work;
test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com' });
  admin = (await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token;
  const buyer = (await signUp(server, smtp, 'ewa@example.com', 'Ewa Kowalska')).token;
  await buyWithDevCheckout(server, buyer, DEMO_KEYS.shame, 'price_demo_shame_pln');
  // The worker plans the reminders once the purchase commits: a day and an hour before each of the three sessions.
  const deadline = Date.now() + 15_000;
  for (;;) {
    planned = (await (await fetch(`${server.url}/api/admin/background-work?topic=meeting-reminder`, { headers: bearer(admin) })).json()) as Work;
    if (planned.topics.find((t) => t.topic === 'meeting-reminder')?.pending === 6 || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 200));
  }
});
test.afterAll(async () => { await server?.stop(); await smtp?.close(); });

// The admin's laptop is elsewhere: times still read on Warsaw's clock.
test.use({ timezoneId: 'America/New_York' });

test('the admin sees a buyer\'s scheduled reminders in background work, due on Warsaw\'s clock, on desk and phone, and axe finds nothing', async ({ page }) => {
  const errors = watchErrors(page);
  await page.context().addCookies([{ name: 'session', value: admin, url: server.url }]);
  await page.goto(`${server.url}/admin?lang=en`);
  await expect(page.locator('astro-island:has(.admin-tabs)')).not.toHaveAttribute('ssr');
  await page.getByRole('tab', { name: 'Background work' }).click();
  const section = page.getByRole('tabpanel', { name: 'Background work' });

  const next = planned.topics.find((t) => t.topic === 'meeting-reminder')!.nextDueAt!;
  const kinds = section.getByRole('table', { name: 'Kinds of work' });
  const reminders = kinds.getByRole('row', { name: /Meeting reminder/ });
  await expect(reminders).toContainText('6');
  await expect(reminders).toContainText(formatDate(new Date(next), 'en', 'shortTime'));

  await section.getByRole('button', { name: 'Show only: Meeting reminder' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Items: 6' })).toBeVisible();
  const rows = section.getByRole('table', { name: 'Work', exact: true }).getByRole('row', { name: /Meeting reminder/ });
  await expect(rows).toHaveCount(6);
  await expect(rows.first()).toContainText(formatDate(new Date(planned.items[0]!.dueAt), 'en', 'shortTime'));
  // Nothing of the buyer is shown.
  await expect(section).not.toContainText('ewa@example.com');

  await section.getByLabel('View', { exact: true }).selectOption('failed');
  await expect(section.getByText('No work.')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await section.getByLabel('View', { exact: true }).selectOption('upcoming');
  await expect(section.getByRole('status').filter({ hasText: 'Items: 6' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const violations = await axeFindings(page);
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
});
