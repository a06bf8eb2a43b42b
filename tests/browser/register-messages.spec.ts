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
  // Without SMTP_URL the verification link is printed to the log.
  const origin = { 'content-type': 'application/json', origin: server.url };
  const email = `ewa.${Date.now()}@example.com`;
  const registered = await fetch(`${server.url}/register`, {
    method: 'POST', headers: origin,
    body: JSON.stringify({ name: 'Ewa Nowa', email, password: 'secret123', repeat: 'secret123', phone: '+48 600 100 200', language: 'pl' }),
  });
  expect(registered.status).toBe(201);
  await expect.poll(() => server.output().includes(email)).toBe(true);
  const link = server.output().split('\n').find((l) => l.includes(email) && l.includes('/verify-email/'))!;
  const secret = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(link)![1];
  const { token } = (await (await fetch(`${server.url}/verify-email`, { method: 'POST', headers: origin, body: JSON.stringify({ token: secret }) })).json()) as { token: string };
  await page.context().addCookies([{ name: 'session', value: token, url: server.url }]);
  await page.goto(`${server.url}/welcome?lang=pl`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Witaj, Ewa Nowa!');
  await expect(page.locator('main')).toContainText('Witaj', { useInnerText: true });
  expect(((await page.locator('main').innerText()).match(/Witaj/g) ?? []).length).toBe(1);

  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto(`${server.url}/?lang=pl`);
  const phone = page.locator('footer a.phone');
  await expect(phone).toHaveText('+48\u00a0600\u00a0100\u00a0200');
  const lines = await phone.evaluate((el) => el.getClientRects().length);
  expect(lines).toBe(1);
});
