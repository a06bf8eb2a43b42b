import { expect, test, type Page } from '@playwright/test';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
let user: string;
test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com' });
  admin = (await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa', '+48 500 000 001')).token;
  user = (await signUp(server, smtp, 'zwykly@example.com', 'Jan Zwykły', '+48 500 000 002')).token;
  const ewa = (await signUp(server, smtp, 'ewa@example.com', 'Ewa Kowalska', '+48 601 222 333')).token;
  const piotr = (await signUp(server, smtp, 'piotr@example.com', 'Piotr Nowak', '+48 602 444 555')).token;
  await buyWithDevCheckout(server, ewa, DEMO_KEYS.shame, 'price_demo_shame_pln');
  await buyWithDevCheckout(server, piotr, DEMO_KEYS.shame, 'price_demo_shame_pln');
  await signUp(server, smtp, 'odchodzi@example.com', 'Olga Odchodząca', '+48 603 666 777');
});
test.afterAll(async () => { await server?.stop(); await smtp?.close(); });

const signIn = async (page: Page, token: string) => {
  await page.context().addCookies([{ name: 'session', value: token, url: server.url }]);
};

/** Opens /admin at a section and waits until the panel's island is live. */
async function openSection(page: Page, tab: string, lang: 'pl' | 'en' = 'en') {
  await page.goto(`${server.url}/admin?lang=${lang}`);
  await expect(page.locator('astro-island:has(.admin-tabs)')).not.toHaveAttribute('ssr');
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel', { name: tab });
}

test('/admin sends a visitor to sign in and a signed-in user home; the admin gets a private page', async ({ page }) => {
  const anonymous = await page.goto(`${server.url}/admin`);
  expect(new URL(anonymous!.url()).pathname).toBe('/zaloguj-sie');
  await signIn(page, user);
  const asUser = await page.goto(`${server.url}/admin`);
  expect(new URL(asUser!.url()).pathname).toBe('/');
  await page.context().clearCookies();
  await signIn(page, admin);
  const asAdmin = await page.goto(`${server.url}/admin`);
  expect(asAdmin!.status()).toBe(200);
  expect(asAdmin!.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByRole('heading', { level: 1, name: 'Panel administratora' })).toBeVisible();
  await expect(page.locator('.nav-desktop').getByRole('link', { name: 'Panel admina' })).toHaveAttribute('href', '/admin');
});

test('the admin adds an article that shows on /biblioteka, then deletes it after confirming', async ({ page }) => {
  const errors = watchErrors(page);
  await signIn(page, admin);
  const section = await openSection(page, 'Articles');
  await section.getByRole('button', { name: 'Add article' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add article' });
  await dialog.getByLabel('Title').fill('   ');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('All fields are required.');
  await dialog.getByLabel('Title').fill('  Kontakt i granice  ');
  await dialog.getByLabel('Link').fill('https://example.org/kontakt-i-granice');
  await dialog.getByLabel('Description').fill('O tym, gdzie kończę się ja, a zaczynasz ty.');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByRole('status')).toHaveText('Article added.');
  await expect(section.getByRole('link', { name: 'Kontakt i granice' })).toHaveAttribute('href', 'https://example.org/kontakt-i-granice');

  const library = await page.context().newPage();
  await library.goto(`${server.url}/biblioteka`);
  await expect(library.getByRole('link', { name: /Kontakt i granice/ })).toBeVisible();

  await section.getByRole('button', { name: 'Delete: Kontakt i granice' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm' });
  await expect(confirm).toContainText('Delete the article "Kontakt i granice"?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(section.getByRole('status')).toHaveText('Article deleted.');
  await expect(section.getByRole('link', { name: 'Kontakt i granice' })).toHaveCount(0);
  await library.reload();
  await expect(library.locator('.article-grid, .empty').first()).toBeVisible();
  await expect(library.getByRole('link', { name: /Kontakt i granice/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the admin searches an event\'s attendees by name and by phone and sees shown/total change', async ({ page }) => {
  const errors = watchErrors(page);
  await signIn(page, admin);
  const section = await openSection(page, 'Attendees');
  await section.getByLabel('Event').selectOption(DEMO_KEYS.shame);
  const count = section.getByRole('status').filter({ hasText: 'Showing' });
  await expect(count).toHaveText('Showing 2 of 2');
  const search = section.getByLabel('Search by name or phone');
  await search.fill('kowalska');
  await expect(count).toHaveText('Showing 1 of 2');
  await expect(section.getByRole('cell', { name: 'Ewa Kowalska' })).toBeVisible();
  await expect(section.getByRole('cell', { name: 'Piotr Nowak' })).toHaveCount(0);
  await search.fill('602 444');
  await expect(count).toHaveText('Showing 1 of 2');
  await expect(section.getByRole('cell', { name: 'Piotr Nowak' })).toBeVisible();
  await expect(section.getByRole('cell', { name: '+48 602 444 555' })).toBeVisible();
  await search.fill('nikt taki');
  await expect(count).toHaveText('Showing 0 of 2');
  await search.fill('');
  await expect(count).toHaveText('Showing 2 of 2');
  await expect(section.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', `/api/admin/attendees/${DEMO_KEYS.shame}?format=csv`);
  expect(errors).toEqual([]);
});

test('the users table opens a buyer\'s films, disables Films without purchases, spares the admin and deletes a user after a warning', async ({ page }) => {
  const errors = watchErrors(page);
  await signIn(page, admin);
  const section = await openSection(page, 'Users');
  const row = (name: string) => section.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(row('Jan Zwykły').getByRole('button', { name: 'Films (0)' })).toBeDisabled();
  await expect(row('Anna Szefowa').getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  const films = row('Ewa Kowalska').getByRole('button', { name: 'Films (1)' });
  await expect(films).toHaveAttribute('aria-expanded', 'false');
  await films.click();
  await expect(films).toHaveAttribute('aria-expanded', 'true');
  await expect(section.getByRole('table', { name: 'Purchased films: Ewa Kowalska' }).getByRole('cell', { name: 'Shame in the Therapeutic Relationship' })).toBeVisible();

  await row('Olga Odchodząca').getByRole('button', { name: 'Delete: Olga Odchodząca' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm' });
  await expect(confirm).toContainText('This cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(section.getByRole('status')).toHaveText('User deleted.');
  await expect(row('Olga Odchodząca')).toHaveCount(0);
  expect(errors).toEqual([]);
});
