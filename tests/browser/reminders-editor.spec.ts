import { expect, test } from '@playwright/test';
import type { AdminProduct } from '../../modules/catalogue/index.ts';
import { signUp } from '../support/accounts.ts';
import { axeFindings, watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/** The catalogue editor's reminders (issue 24): a day and an hour until changed; a refused one is named beside its box. */
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'dyrekcja@example.com' });
  admin = (await signUp(server, smtp, 'dyrekcja@example.com', 'Dorota Dyrektor', '+48 500 100 200')).token;
});
test.afterAll(async () => { await server?.stop(); await smtp?.close(); });

const TITLES = ['Shame in the Therapeutic Relationship', 'Contact Styles in Practice'];

for (const [i, viewport] of [{ width: 1280, height: 900 }, { width: 390, height: 844 }].entries()) {
  test(`the admin sets a product's reminders at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const errors = watchErrors(page);
    await page.context().addCookies([{ name: 'session', value: admin, url: server.url }]);
    await page.goto(`${server.url}/admin?lang=en`);
    await expect(page.locator('astro-island:has(.admin-tabs)')).not.toHaveAttribute('ssr');
    await page.getByRole('tab', { name: 'Catalogue' }).click();
    const catalogue = page.getByRole('tabpanel', { name: 'Catalogue' });
    const products = async () => (await (await page.request.get(`${server.url}/api/admin/products`)).json()) as AdminProduct[];
    const title = TITLES[i]!;
    const key = (await products()).find((p) => p.titleEn === title)!.key;
    await catalogue.getByRole('button', { name: `Edit: ${title}` }).click();

    await expect(catalogue.getByLabel('Reminder 1: minutes before')).toHaveValue('1440');
    await expect(catalogue.getByLabel('Reminder 2: minutes before')).toHaveValue('60');
    await catalogue.getByLabel('Reminder 2: minutes before').fill('0');
    await catalogue.getByRole('button', { name: 'Save' }).click();
    const refused = catalogue.getByLabel('Reminder 2: minutes before');
    await expect(refused).toHaveAttribute('aria-invalid', 'true');
    await expect(catalogue.locator('#reminder-1-error')).toHaveText('A reminder: a whole number of minutes before the session, from 1 to 43200 (30 days).');
    expect((await products()).find((p) => p.key === key)!.reminderOffsets).toBeUndefined();

    await refused.fill('30');
    await catalogue.getByRole('button', { name: 'Add a reminder' }).click();
    await catalogue.getByLabel('Reminder 3: minutes before').fill('120');
    expect(await axeFindings(page)).toEqual([]);
    await catalogue.getByRole('button', { name: 'Save' }).click();
    await expect(catalogue.getByRole('status').first()).toHaveText('Saved.');
    expect((await products()).find((p) => p.key === key)!.reminderOffsets).toEqual([1440, 120, 30]);
    expect(errors).toEqual([]);
  });
}
