import { expect, test, type Locator, type Page } from '@playwright/test';
import type { AdminProduct } from '../../modules/catalogue/index.ts';
import { firstAdminSignIn } from '../support/accounts.ts';
import { watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';

/**
 * The catalogue editor as the admin meets it (issue 34 item 12): the schedule's add and remove buttons look like the
 * panel's other buttons, a message under a field goes once that field is edited, an empty thumbnail asks for an
 * upload, and a product without learning points shows no "Czego się nauczysz" heading on its page.
 */
let server: RunningServer;
let admin: string;
test.beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: 'pierwsza@example.com' });
  admin = (await firstAdminSignIn(server)).token;
});
test.afterAll(async () => { await server?.stop(); });

async function openCatalogue(page: Page) {
  await page.context().addCookies([{ name: 'session', value: admin, url: server.url }]);
  await page.goto(`${server.url}/admin?lang=pl`);
  await expect(page.locator('astro-island:has(.admin-tabs)')).not.toHaveAttribute('ssr');
  await page.getByRole('tab', { name: 'Katalog' }).click();
  return page.getByRole('tabpanel', { name: 'Katalog' });
}

const products = async (page: Page) => (await (await page.request.get(`${server.url}/api/admin/products`)).json()) as AdminProduct[];

/** What makes a button look like one of the panel's: its colours, border, corners, type and padding. */
const looks = (button: Locator) => button.evaluate((el) => {
  const s = getComputedStyle(el);
  return { color: s.color, background: s.backgroundColor, border: `${s.borderTopWidth} ${s.borderTopStyle} ${s.borderTopColor}`,
    radius: s.borderTopLeftRadius, font: `${s.fontWeight} ${s.fontFamily}`, padding: s.paddingLeft };
});

test('the schedule\'s buttons are styled; a corrected field loses its message at once, the rest keep theirs until saved', async ({ page }) => {
  const errors = watchErrors(page);
  const catalogue = await openCatalogue(page);
  const product = (await products(page))[0]!;
  await catalogue.getByRole('button', { name: `Edytuj: ${product.title}` }).click();

  // Every add and remove button of the sessions and reminders looks like the list's own small quiet buttons.
  const reference = await looks(catalogue.getByRole('button', { name: 'Dodaj pozycję' }).first());
  expect(reference.radius).not.toBe('0px');
  for (const name of ['Dodaj spotkanie', 'Usuń spotkanie 1', 'Dodaj przypomnienie', 'Usuń przypomnienie 1']) {
    expect(await looks(catalogue.getByRole('button', { name, exact: true })), name).toEqual(reference);
  }

  const title = catalogue.getByLabel('Tytuł (Polski)');
  // Both refused by the request's check, so the server names them together.
  const other = catalogue.getByLabel('Tytuł (Angielski)');
  await title.fill('');
  await other.fill('');
  await catalogue.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toHaveAccessibleDescription('Wypełnij to pole.');
  await expect(other).toHaveAttribute('aria-invalid', 'true');
  await expect(catalogue.getByRole('alert').filter({ hasText: 'Popraw zaznaczone pola.' })).toBeVisible();

  // The Polish title is corrected: its message goes before any save; the English one's stays, as does the closing note.
  await title.fill('Wstyd w relacji terapeutycznej');
  await expect(title).not.toHaveAttribute('aria-invalid');
  await expect(catalogue.locator('#product-title-pl-error')).toHaveCount(0);
  await expect(other).toHaveAccessibleDescription('Wypełnij to pole.');
  await expect(catalogue.getByText('Popraw zaznaczone pola.')).toBeVisible();
  // Typed back to what was refused, the field is what the server refused again: its message shows again.
  await title.fill('');
  await expect(title).toHaveAccessibleDescription('Wypełnij to pole.');
  await title.fill('Wstyd w relacji terapeutycznej');
  await other.fill(product.titleEn);
  await expect(other).not.toHaveAttribute('aria-invalid');
  await expect(catalogue.getByText('Popraw zaznaczone pola.')).toHaveCount(0);
  expect((await products(page)).find((p) => p.key === product.key)!.title).toBe(product.title);

  await catalogue.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(catalogue.getByRole('status').first()).toHaveText('Zapisano.');
  expect((await products(page)).find((p) => p.key === product.key)).toMatchObject({ title: 'Wstyd w relacji terapeutycznej' });
  expect(errors).toEqual([]);
});

test('an empty thumbnail asks for a picture to upload, not a path', async ({ page }) => {
  const errors = watchErrors(page);
  const catalogue = await openCatalogue(page);
  await catalogue.getByRole('button', { name: 'Nowy produkt' }).click();
  await catalogue.getByRole('button', { name: 'Zapisz', exact: true }).click();
  const message = catalogue.locator('#product-thumbnail-error');
  await expect(message).toHaveText('Dodaj miniaturę: wybierz zdjęcie JPEG, PNG, WebP, AVIF lub GIF albo upuść je na pole.');
  await expect(catalogue).not.toContainText('/media/');
  expect(errors).toEqual([]);
});

test('a product whose learning points are all removed shows no "Czego się nauczysz" heading, and still its sub-description', async ({ page }) => {
  const errors = watchErrors(page);
  await page.context().addCookies([{ name: 'session', value: admin, url: server.url }]);
  // One whose title no other product shares: the catalogue's Edit button is named by the title.
  const all = await products(page);
  const product = all.find((p) => p.published && p.whyWatch.length > 0 && p.subDesc.pl.trim() !== '' && all.filter((o) => o.title === p.title).length === 1)!;
  await page.goto(`${server.url}/video-details/${product.key}`);
  await expect(page.getByRole('heading', { name: 'Czego się nauczysz' })).toBeVisible();

  const again = await openCatalogue(page);
  await again.getByRole('button', { name: `Edytuj: ${product.title}` }).click();
  for (let left = product.whyWatch.length; left > 0; left--) {
    await again.getByRole('button', { name: 'Usuń pozycję 1 (Czego się nauczysz)' }).click();
  }
  await expect(again.getByRole('button', { name: /\(Czego się nauczysz\)$/ })).toHaveCount(0);
  await again.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(again.getByRole('status').first()).toHaveText('Zapisano.');
  expect((await products(page)).find((p) => p.key === product.key)!.whyWatch).toEqual([]);

  await page.goto(`${server.url}/video-details/${product.key}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title);
  await expect(page.getByText('Czego się nauczysz')).toHaveCount(0);
  await expect(page.getByText(product.subDesc.pl.trim())).toBeVisible();
  expect(errors).toEqual([]);
});
