import { expect, test } from '@playwright/test';
import { signUp } from '../support/accounts.ts';
import { axeFindings, watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/** The system page in the panel (issue 35): every item in Polish, ok or needing attention, and what to do. */
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'operatorka@example.com' });
  admin = (await signUp(server, smtp, 'operatorka@example.com', 'Ola Operatorka')).token;
});
test.afterAll(async () => { await server?.stop(); await smtp?.close(); });

test('the admin opens the system tab and reads each item in Polish, what needs attention and what to do, on desk and phone; axe finds nothing', async ({ page }) => {
  const errors = watchErrors(page);
  await page.context().addCookies([{ name: 'session', value: admin, url: server.url }]);
  await page.goto(`${server.url}/admin`);
  await expect(page.locator('astro-island:has(.admin-tabs)')).not.toHaveAttribute('ssr');
  await page.getByRole('tab', { name: 'System' }).click();
  const section = page.getByRole('tabpanel', { name: 'System' });

  for (const group of ['Wersja', 'Baza danych', 'Praca w tle', 'Usługi zewnętrzne', 'Serwer']) {
    await expect(section.getByRole('heading', { name: group, exact: true })).toBeVisible();
  }
  const item = (id: string) => section.locator(`[data-item="${id}"]`);
  await expect(item('version')).toContainText('Wersja i commit');
  await expect(item('version')).toContainText(/0\.1\.0, commit [0-9a-f]{12}, zbudowano/);
  await expect(item('migrations')).toContainText(/Zastosowano (\d+) z \1; ostatnia:/);
  await expect(item('database')).toContainText(/(Wbudowana \(PGlite\)|PostgreSQL), [\d,]+ (MB|GB)/);
  await expect(item('backlog.reminders')).toContainText('Kolejka: przypomnienia');
  await expect(item('follower.cache')).toContainText('Nadążanie za dziennikiem zdarzeń');
  await expect(item('disk')).toContainText(/Wolne .+ z .+ \([\d,]+%\)/);
  await expect(item('publicUrl')).toContainText(server.url);

  // Mail went out through the relay (the admin's own sign-up): SMTP is ok, with its last success.
  await expect(item('outside.smtp')).toHaveAttribute('data-status', 'ok');
  await expect(item('outside.smtp')).toContainText('Poczta (SMTP)');
  await expect(item('outside.smtp')).toContainText('Ostatni sukces:');
  // Stripe is not set: it needs attention and says what to do.
  const stripe = item('outside.stripe');
  await expect(stripe).toHaveAttribute('data-status', 'attention');
  await expect(stripe).toContainText('Wymaga uwagi');
  await expect(stripe).toContainText('Co zrobić: Płatności idą przez testową kasę bez pobierania pieniędzy: ustaw STRIPE_SECRET_KEY');
  await expect(section.getByRole('status').filter({ hasText: /Wymaga uwagi: \d+/ })).toBeVisible();
  // Backups (modules/backup): a new server has taken none yet and verified none, and says what to do.
  await expect(section.getByRole('heading', { name: 'Kopie zapasowe' })).toBeVisible();
  await expect(item('backup.verifiedRestore')).toContainText('Ostatnia sprawdzona kopia');
  await expect(item('backup.verifiedRestore')).toHaveAttribute('data-status', 'attention');
  await expect(item('backup.last')).toContainText('Brak');

  await section.getByRole('button', { name: 'Sprawdź ponownie' }).click();
  await expect(item('version')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(stripe).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  expect(await axeFindings(page)).toEqual([]);
  expect(errors).toEqual([]);
});
