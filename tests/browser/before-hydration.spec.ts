import { expect, test, type Page } from '@playwright/test';
import { startServer, type RunningServer } from '../support/server.ts';

/**
 * Issue 34 item 11: an island form's server-rendered markup has no handler until React hydrates it, so its submit
 * button is disabled until then. Without it, Enter or a click posted the form to the page itself and showed raw JSON
 * (a 405 on the login page). The islands' scripts are blocked here, so the page stays as the server rendered it.
 */
let server: RunningServer;
test.beforeAll(async () => { server = await startServer(); });
test.afterAll(async () => { await server?.stop(); });

const FORMS = [
  { page: '/stworz-konto', form: 'form.account-form', button: 'Stwórz konto' },
  { page: '/zaloguj-sie', form: 'form.account-form', button: 'Zaloguj się' },
  { page: '/forgot-password', form: 'form.account-form', button: 'Wyślij' },
  { page: '/reset-password/0123456789abcdef', form: 'form.account-form', button: 'Zmień hasło' },
  // Its fields are `required` without `noValidate`: they are filled, so the browser's own check lets a post through.
  { page: '/kontakt', form: 'form.contact-form', button: 'Wyślij' },
] as const;

const submitted = (page: Page) => page.evaluate(() => sessionStorage.getItem('submitted'));

for (const f of FORMS) {
  test(`${f.page}: the form cannot be sent before its island hydrates, and can once it has`, async ({ page }) => {
    // Survives the navigation a native submit would make, so a post that got away is still seen afterwards.
    await page.addInitScript(() => document.addEventListener('submit', () => sessionStorage.setItem('submitted', 'yes'), true));
    await page.route('**/_astro/**/*.js', (route) => route.abort());
    await page.goto(`${server.url}${f.page}`);
    const form = page.locator(f.form);
    const button = form.getByRole('button', { name: f.button });
    await expect(page.locator('astro-island[ssr]')).not.toHaveCount(0);
    await expect(button).toBeDisabled();

    for (const input of await form.locator('input:not([type=checkbox]), textarea').all()) {
      await input.fill((await input.getAttribute('type')) === 'email' ? 'anna@example.com' : 'Anna ma kota 1');
    }
    for (const box of await form.locator('input[type=checkbox]').all()) await box.check({ force: true });
    await form.locator('input').first().press('Enter');
    expect(await submitted(page)).toBeNull();
    await button.click({ force: true });
    expect(await submitted(page)).toBeNull();
    await expect(page).toHaveURL(`${server.url}${f.page}`);
    await expect(button).toBeVisible();
    await expect(page.locator('body')).not.toContainText('405');

    await page.unroute('**/_astro/**/*.js');
    await page.reload();
    await expect(page.locator(`astro-island:has(${f.form})`)).not.toHaveAttribute('ssr');
    await expect(form.getByRole('button', { name: f.button })).toBeEnabled();
  });
}
