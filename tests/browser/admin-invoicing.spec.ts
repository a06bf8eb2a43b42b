import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { formatDate } from '../../modules/shared/text/index.ts';
import { firstAdminSignIn } from '../support/accounts.ts';
import { axeFindings, watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';

/**
 * The panel's Invoices tab (issue 23): a new install says that no invoices are issued and what is missing; the admin
 * fills in the seller (a NIP with a wrong check digit is refused beside its field) and gives a product its VAT.
 */
let server: RunningServer;
let admin: string;
test.beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: 'pierwsza@example.com' });
  admin = (await firstAdminSignIn(server)).token;
});
test.afterAll(async () => { await server?.stop(); });

async function openSection(page: Page, tab: string, lang: 'pl' | 'en' = 'en') {
  await page.context().addCookies([{ name: 'session', value: admin, url: server.url }]);
  await page.goto(`${server.url}/admin?lang=${lang}`);
  await expect(page.locator('astro-island:has(.admin-tabs)')).not.toHaveAttribute('ssr');
  await page.getByRole('tab', { name: tab, exact: true }).click();
  const section = page.getByRole('tabpanel', { name: tab, exact: true });
  await expect(section.locator('.spinner')).toHaveCount(0);
  return section;
}

/** What is wrong on the page as the admin sees it: axe's findings, anything wider than the window. */
async function problems(page: Page, width: number) {
  const found: string[] = [];
  found.push(...await axeFindings(page));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) found.push(`the page is ${overflow} px wider than the window`);
  for (const action of await page.locator('.admin-section:not([hidden])').locator('button:visible, input:visible, select:visible').all()) {
    const box = await action.boundingBox();
    if (box && box.x + box.width > width + 0.5) found.push(`"${await action.getAttribute('id') ?? await action.textContent()}" ends at ${Math.round(box.x + box.width)} px`);
  }
  return found;
}

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test(`a new install's Invoices tab says no invoices are issued and what is missing, passing axe at ${viewport.width} px`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize(viewport);
    const section = await openSection(page, 'Invoices');
    await expect(section.getByText('No invoices are issued until the seller’s data is complete. Missing: Name, Street and number, Postal code, City, NIP (tax number), Place of issue.')).toBeVisible();
    await expect(section.getByLabel('Invoice prefix')).toHaveValue('FV');
    await expect(section.getByLabel('Correction prefix')).toHaveValue('KOR');
    await expect(section.getByRole('form', { name: /^VAT: / }).first()).toBeVisible();
    expect(await problems(page, viewport.width)).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('the admin fills in the seller, corrects a NIP refused beside its field, and gives a product an exemption with its legal basis', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const section = await openSection(page, 'Faktury', 'pl');
  await expect(section.getByText(/^Faktury nie są wystawiane, dopóki dane sprzedawcy nie są kompletne\./)).toBeVisible();
  await section.getByLabel('Nazwa', { exact: true }).fill('Instytut Gestalt sp. z o.o.');
  await section.getByLabel('Ulica i numer').fill('ul. Żurawia 6/12');
  await section.getByLabel('Kod pocztowy').fill('00-503');
  await section.getByLabel('Miejscowość').fill('Warszawa');
  await section.getByLabel('NIP').fill('123-456-32-19');
  await section.getByLabel('Miejsce wystawienia').fill('Warszawa');
  await section.getByRole('button', { name: 'Zapisz', exact: true }).click();
  const nip = section.getByLabel('NIP');
  await expect(nip).toBeFocused();
  await expect(nip).toHaveAttribute('aria-invalid', 'true');
  await expect(nip).toHaveAccessibleDescription('Ten NIP ma błędną cyfrę kontrolną. Sprawdź, czy nie ma literówki.');
  expect(await problems(page, 390)).toEqual([]);

  await nip.fill('123-456-32-18');
  await section.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(section.getByText('Dane sprzedawcy są kompletne: faktury mogą być wystawiane.')).toBeVisible();
  await expect(nip).toHaveValue('1234563218');
  await expect(nip).not.toHaveAttribute('aria-invalid');

  const product = section.getByRole('form', { name: /^VAT: / }).first();
  const title = (await product.getByRole('heading').textContent())!;
  await product.getByLabel('VAT', { exact: true }).selectOption({ label: 'Zwolniony (zw)' });
  await product.getByLabel('Podstawa prawna zwolnienia').fill('art. 43 ust. 1 pkt 29 lit. a ustawy o VAT');
  await product.getByRole('button', { name: `Zapisz VAT: ${title}` }).click();
  await expect(product.getByText(`Zapisano VAT: ${title}.`)).toBeVisible();
  expect(await problems(page, 390)).toEqual([]);

  // After a reload the product keeps its exemption, and the audit trail lists both changes.
  const again = await openSection(page, 'Faktury', 'pl');
  const saved = again.getByRole('form', { name: `VAT: ${title}` });
  await expect(saved.getByLabel('VAT', { exact: true })).toHaveValue('exempt');
  await expect(saved.getByLabel('Podstawa prawna zwolnienia')).toHaveValue('art. 43 ust. 1 pkt 29 lit. a ustawy o VAT');
  const trail = await openSection(page, 'Dziennik zdarzeń', 'pl');
  await expect(trail.getByText(`VAT produktu ${title}: zwolniony (art. 43 ust. 1 pkt 29 lit. a ustawy o VAT)`)).toBeVisible();
  await expect(trail.getByText('Zmieniono dane sprzedawcy do faktur: adres, nazwa, NIP, miejsce wystawienia')).toBeVisible();
  expect(errors).toEqual([]);
});

test('editions of one product, sharing its title, each have a VAT form of their own name at 390 px (axe landmark-unique)', async ({ page }) => {
  const errors = watchErrors(page);
  const auth = { authorization: `Bearer ${admin}`, 'content-type': 'application/json' };
  const products = (await (await fetch(`${server.url}/api/admin/products`, { headers: auth })).json()) as { key: string; titleEn: string; startsAt: string }[];
  const source = products[0]!;
  // Two editions a year on, on the same day: one more of the same title, and two of the same title and date.
  const startsAt = new Date(Date.parse(source.startsAt) + 365 * 86_400_000).toISOString();
  const editions: string[] = [];
  for (let i = 0; i < 2; i++) {
    const res = await fetch(`${server.url}/api/admin/products/${source.key}/editions`, { method: 'POST', headers: auth, body: JSON.stringify({ startsAt }) });
    expect(res.status).toBe(201);
    editions.push(((await res.json()) as { key: string }).key);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  const section = await openSection(page, 'Invoices');
  const forms = section.getByRole('form', { name: `VAT: ${source.titleEn}, ` });
  await expect(forms).toHaveCount(3);
  const names = await Promise.all((await forms.all()).map((f) => f.getAttribute('aria-label')));
  expect(new Set(names).size).toBe(3);
  const day = (iso: string) => formatDate(new Date(iso), 'en', 'short');
  expect(names.toSorted()).toEqual([`VAT: ${source.titleEn}, ${day(source.startsAt)}`,
    ...editions.map((key) => `VAT: ${source.titleEn}, ${day(startsAt)}, ${key}`)].toSorted());
  const landmarks = await new AxeBuilder({ page }).withRules(['landmark-unique']).analyze();
  expect(landmarks.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  expect(await problems(page, 390)).toEqual([]);
  expect(errors).toEqual([]);
});
