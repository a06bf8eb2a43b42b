import { expect, test } from '@playwright/test';
import { watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
test.beforeAll(async () => { server = await startServer(); });
test.afterAll(async () => { await server?.stop(); });

test('the home page is Polish by default; the switch makes it English and the choice sticks', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(server.url);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(page.getByRole('main').getByRole('link', { name: 'Eksploruj' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('main').getByRole('link', { name: 'Explore' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
  await page.goto(server.url);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(errors, 'no CSP violations or script errors').toEqual([]);
});
