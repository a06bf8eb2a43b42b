import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
test.beforeAll(async () => { server = await startServer(); });
test.afterAll(async () => { await server?.stop(); });

test('registration says "fill in all fields" once, marks the empty fields, and clears each message after 2 seconds', async ({ page }) => {
  await page.goto(`${server.url}/stworz-konto?lang=pl`);
  await page.locator('astro-island:not([ssr])').first().waitFor();
  await page.getByLabel('Imię i nazwisko').fill('Anna');
  await page.getByRole('button', { name: 'Stwórz konto' }).click();
  await expect(page.getByText('Proszę wypełnić wszystkie pola')).toHaveCount(1);
  await expect(page.getByLabel('E-mail')).toBeFocused();
  for (const label of ['E-mail', 'Telefon']) await expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Imię i nazwisko')).not.toHaveAttribute('aria-invalid');
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription('Proszę wypełnić wszystkie pola');
  await page.waitForTimeout(1500);
  await expect(page.getByText('Proszę wypełnić wszystkie pola')).toHaveCount(1);
  await expect(page.getByText('Proszę wypełnić wszystkie pola')).toHaveCount(0, { timeout: 1500 });

  await page.getByLabel('E-mail').fill(`anna.${Date.now()}@example.com`);
  await page.getByLabel('Hasło', { exact: true }).fill('pierwsze1');
  await page.getByLabel('Powtórz hasło').fill('pierwsze1');
  await page.getByLabel('Telefon').fill('+48 600 100 200');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Stwórz konto' }).click();
  const success = page.getByText('Rejestracja zakończona sukcesem!');
  await expect(success).toHaveCount(1);
  const shownAt = Date.now();
  await expect(success).toHaveCount(0, { timeout: 4000 });
  expect(Date.now() - shownAt).toBeGreaterThan(1200);
  await expect(page.getByLabel('E-mail')).toHaveValue('');
});

test('the welcome page greets once and the footer keeps the phone number on one line', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto(`${server.url}/?lang=pl`);
  const phone = page.locator('footer a.phone');
  await expect(phone).toHaveText('+48\u00a0600\u00a0100\u00a0200');
  const lines = await phone.evaluate((el) => el.getClientRects().length);
  expect(lines).toBe(1);
});
