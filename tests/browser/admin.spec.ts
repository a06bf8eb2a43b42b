import { expect, test, type Page } from '@playwright/test';
import { DEMO_KEYS, type AdminProduct } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { axeFindings, watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/**
 * The first address gets its account at the first start (named by the server, signing in by a one-time link);
 * the second registers like anyone else, so the tests know the admin's name.
 */
const ADMINS = 'pierwsza@example.com,szefowa@example.com';

let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
let user: string;
test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: ADMINS });
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
  await expect(section.getByRole('button', { name: 'Add article' })).toBeFocused();
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
  await expect(section.getByRole('status')).toBeFocused();
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
  await expect(section.getByRole('cell', { name: 'Ewa Kowalska', exact: true })).toBeVisible();
  await expect(section.getByRole('cell', { name: 'Piotr Nowak', exact: true })).toHaveCount(0);
  await search.fill('602 444');
  await expect(count).toHaveText('Showing 1 of 2');
  await expect(section.getByRole('cell', { name: 'Piotr Nowak', exact: true })).toBeVisible();
  await expect(section.getByRole('cell', { name: '+48 602 444 555' })).toBeVisible();
  await search.fill('nikt taki');
  await expect(count).toHaveText('Showing 0 of 2');
  await search.fill('');
  await expect(count).toHaveText('Showing 2 of 2');
  await expect(section.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', `/api/admin/attendees/${DEMO_KEYS.shame}?format=csv&separator=comma`);
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
  await expect(section.getByRole('status')).toBeFocused();
  await expect(row('Olga Odchodząca')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the admin edits a product\'s price in the catalogue, both languages side by side, and the purchase page shows it', async ({ page }) => {
  const errors = watchErrors(page);
  await signIn(page, admin);
  const section = await openSection(page, 'Catalogue');
  const title = 'Shame in the Therapeutic Relationship';
  await expect(section.getByRole('link', { name: `Preview: ${title}` })).toHaveAttribute('href', `/video-details/${DEMO_KEYS.shame}`);
  await section.getByRole('button', { name: `Edit: ${title}` }).click();
  await expect(section.getByRole('heading', { name: `Edit: ${title}` })).toBeFocused();
  await expect(section.getByLabel('Title (Polish)', { exact: true })).toHaveValue('Wstyd w relacji terapeutycznej');
  await expect(section.getByLabel('Title (English)', { exact: true })).toHaveValue(title);
  await expect(section.getByLabel('PLN price', { exact: true })).toHaveValue('2290');
  // Typed as the admin writes an amount; the panel's API gets 247150 (grosze).
  await section.getByLabel('PLN price', { exact: true }).fill('2 471,50');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section.getByRole('status')).toHaveText('Saved.');
  await expect(section.getByRole('row').filter({ hasText: title })).toContainText('Published');

  await page.goto(`${server.url}/video-details/${DEMO_KEYS.shame}?lang=pl`);
  await expect(page.locator('.buy-bar__price')).toHaveText('2471,50\u00a0zł');
  expect(errors).toEqual([]);
});

test('the catalogue editor refuses an invalid product with the server\'s message and can unpublish and publish again', async ({ page }) => {
  await signIn(page, admin);
  const section = await openSection(page, 'Catalogue');
  const title = 'Trauma and the Body in Gestalt';
  await section.getByRole('button', { name: `Edit: ${title}` }).click();
  await section.getByLabel('Title (English)', { exact: true }).fill('   ');
  await section.getByLabel('PLN price', { exact: true }).fill('0');
  await section.getByLabel('Group size from', { exact: true }).fill('20');
  await section.getByRole('button', { name: 'Save' }).click();
  // Each field says what is wrong with it, beside it; focus goes to the first of them; the general message stays.
  await expect(section.getByRole('alert')).toHaveText('Correct the marked fields.');
  await expect(section.getByLabel('Title (English)', { exact: true })).toBeFocused();
  await expect(section.getByLabel('Title (English)', { exact: true })).toHaveAccessibleDescription('Fill in this field.');
  await expect(section.getByLabel('PLN price', { exact: true })).toHaveAccessibleDescription('Give a price above zero with at most two decimals (e.g. 1,800.50), up to 10,000,000.');
  await expect(section.getByLabel('Group size from', { exact: true })).toHaveAccessibleDescription('The least number of participants cannot be above the most.');
  await expect(section.getByLabel('Title (Polish)', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  await section.getByRole('button', { name: 'Cancel' }).click();
  await section.getByRole('button', { name: `Unpublish: ${title}` }).click();
  await expect(section.getByRole('row').filter({ hasText: title })).toContainText('Hidden');
  expect((await fetch(`${server.url}/video-details/${DEMO_KEYS.trauma}`)).status).toBe(404);
  await section.getByRole('button', { name: `Publish: ${title}` }).click();
  await expect(section.getByRole('row').filter({ hasText: title })).toContainText('Published');
  await expect.poll(async () => (await fetch(`${server.url}/video-details/${DEMO_KEYS.trauma}`)).status).toBe(200);
});

test('the editor saves a live event whose first session is in the past only once the admin ticks the confirmation (issue 34)', async ({ page }) => {
  const errors = watchErrors(page);
  await signIn(page, admin);
  const section = await openSection(page, 'Catalogue');
  const title = 'Breath and Embodiment';
  await section.getByRole('button', { name: `Edit: ${title}` }).click();
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  await section.getByLabel('Session 1: date', { exact: true }).fill(yearAgo);
  await section.getByRole('button', { name: 'Save' }).click();
  const message = 'The event starts in the past. If that is meant, tick “I confirm the start in the past” (a recording may have a past date without it).';
  const confirm = section.getByLabel('I confirm the start in the past (a live event; a recording needs no confirmation)', { exact: true });
  await expect(section.getByRole('alert')).toHaveText(message);
  await expect(confirm).toBeFocused();
  await expect(confirm).toHaveAccessibleDescription(message);
  await confirm.check();
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section.getByRole('status')).toHaveText('Saved.');
  const saved = (await (await fetch(`${server.url}/api/admin/products`, { headers: bearer(admin) })).json()) as AdminProduct[];
  expect(saved.find((p) => p.key === DEMO_KEYS.breath)!.startsAt.slice(0, 10)).toBe(yearAgo);
  expect(errors).toEqual([]);
});

test('the admin duplicates a product as a new edition with a new start: it is added hidden, for checking and publishing', async ({ page }) => {
  const errors = watchErrors(page);
  await signIn(page, admin);
  const section = await openSection(page, 'Catalogue');
  const title = 'Field Theory in Group Work';
  await section.getByRole('button', { name: `New edition: ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: `New edition: ${title}` });
  await dialog.getByRole('button', { name: 'Create the new edition' }).click();
  await expect(dialog.getByLabel('Start of the new edition (Warsaw time)')).toHaveAccessibleDescription('Give the new edition\'s start.');
  await dialog.getByLabel('Start of the new edition (Warsaw time)').fill('2030-05-06T10:00');
  await dialog.getByRole('button', { name: 'Create the new edition' }).click();
  await expect(section.getByRole('status')).toHaveText('The new edition was created (hidden). Check it and publish it.');
  const rows = section.getByRole('row').filter({ hasText: title });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: '2030' })).toContainText('Hidden');
  expect(errors).toEqual([]);
});

// Needs the campaigns API (POST /api/mass-email, GET /api/admin/campaigns/{id}).
test('the admin e-mails one event\'s buyers and watches the sending reach completion', async ({ page }) => {
  const errors = watchErrors(page);
  await signIn(page, admin);
  const section = await openSection(page, 'Uczestnicy', 'pl');
  await section.getByLabel('Wydarzenie').selectOption(DEMO_KEYS.shame);
  await section.getByRole('button', { name: 'Wyślij e-mail do uczestników' }).click();
  const dialog = page.getByRole('dialog', { name: 'E-mail do uczestników: Wstyd w relacji terapeutycznej' });
  await dialog.getByRole('button', { name: 'Wyślij' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Tytuł i treść e-maila nie mogą być puste.');
  await dialog.getByLabel('Tytuł').fill('Zmiana sali');
  await dialog.getByLabel('Treść').fill('Spotykamy się w sali 2.\nDo zobaczenia!');
  await dialog.getByRole('button', { name: 'Wyślij' }).click();
  const bar = dialog.getByRole('progressbar', { name: 'Postęp wysyłki' });
  await expect(bar).toBeVisible();
  await expect(dialog.getByRole('status')).toContainText('Wysyłka zakończona.', { timeout: 30_000 });
  await expect(dialog.getByRole('status')).toContainText('Wysłano 2 z 2');
  await expect(bar).toHaveAttribute('max', '2');
  await expect(bar).toHaveAttribute('value', '2');
  const received = smtp.received.filter((m) => m.parsed.subject === 'Zmiana sali').map((m) => m.envelopeTo).flat().sort();
  expect(received).toEqual(['ewa@example.com', 'piotr@example.com']);
  await dialog.getByRole('button', { name: 'Zamknij' }).last().click();

  const email = await openSection(page, 'Mailing', 'pl');
  await expect(email.getByRole('row').filter({ hasText: 'Zmiana sali' })).toContainText('Wstyd w relacji terapeutycznej');
  expect(errors).toEqual([]);
});

// Needs the audit API (GET /api/admin/audit).
test('the admin reads a price change in the audit trail, filtered by type and day', async ({ page }) => {
  const products = await (await fetch(`${server.url}/api/admin/products`, { headers: bearer(admin) })).json() as AdminProduct[];
  const { key: _key, ...input } = products.find((p) => p.key === DEMO_KEYS.fieldTheory)!;
  const changed = await fetch(`${server.url}/api/admin/products/${DEMO_KEYS.fieldTheory}`, {
    method: 'PUT', headers: { ...bearer(admin), 'content-type': 'application/json' },
    body: JSON.stringify({ ...input, price: [input.price[0], { ...input.price[1], priceMinor: 234_500 }, input.price[2]] }),
  });
  expect(changed.status).toBe(200);

  await signIn(page, admin);
  const section = await openSection(page, 'Audit trail');
  const today = new Date().toISOString().slice(0, 10);
  await section.getByLabel('Type').selectOption('catalogue');
  await section.getByLabel('From').fill(today);
  await section.getByLabel('To').fill(today);
  await section.getByRole('button', { name: 'Filter' }).click();
  const first = section.getByRole('row').nth(1);
  // The admin who changed the price (the second ADMIN_EMAILS address, registered under their own name).
  await expect(first).toContainText('Anna Szefowa');
  await expect(first).toContainText('Catalogue');
  await expect(first).toContainText(/Field Theory in Group Work.*price/);
  // The entry's subject, by its key: a click shows every entry about it, and the CSV link downloads just those.
  await first.getByRole('button', { name: `Show entries about: ${DEMO_KEYS.fieldTheory}` }).click();
  await expect(section.getByLabel(/^Subject/)).toHaveValue(DEMO_KEYS.fieldTheory);
  await expect(section.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', new RegExp(`subject=${DEMO_KEYS.fieldTheory}.*format=csv`));
  await section.getByLabel(/^Subject/).fill('');
  await section.getByLabel('From').fill('2000-01-01');
  await section.getByLabel('To').fill('2000-01-02');
  await section.getByRole('button', { name: 'Filter' }).click();
  await expect(section.getByText('No events.')).toBeVisible();
});

for (const viewport of [{ width: 1280, height: 800 }, { width: 768, height: 1024 }]) {
  test(`every section of /admin passes an axe-core scan and fits the page at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, admin);
    const found: string[] = [];
    const scan = async (where: string) => {
      for (const finding of await axeFindings(page)) found.push(`${where}: ${finding}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) found.push(`${where}: the page is ${overflow} px wider than the window`);
    };
    for (const tab of ['Articles', 'Attendees', 'Users', 'Mass e-mail', 'Catalogue', 'Facilitators', 'Audit trail', 'Dev mailbox']) {
      const section = await openSection(page, tab);
      await expect(section.locator('.spinner')).toHaveCount(0);
      if (tab === 'Attendees') await section.getByLabel('Event').selectOption(DEMO_KEYS.shame);
      if (tab === 'Users') await section.getByRole('button', { name: 'Films (1)' }).first().click();
      await expect(section.locator('.spinner')).toHaveCount(0);
      await scan(tab);
      const dialogOf = async (opener: string, name: string) => {
        await section.getByRole('button', { name: opener }).first().click();
        await expect(page.getByRole('dialog', { name })).toBeVisible();
        await scan(`${tab}, ${name}`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
      };
      if (tab === 'Articles') await dialogOf('Add article', 'Add article');
      if (tab === 'Attendees') await dialogOf('E-mail the attendees', 'E-mail to the attendees of Shame in the Therapeutic Relationship');
      if (tab === 'Users') await dialogOf('Delete: Jan Zwykły', 'Confirm');
      if (tab === 'Mass e-mail') await dialogOf('E-mail all users', 'E-mail to all users');
      if (tab === 'Catalogue') {
        await section.getByRole('button', { name: /^Edit: / }).first().click();
        await scan('Catalogue editor');
      }
    }
    expect(found).toEqual([]);
  });
}

test('the tabs work from the keyboard: arrows move between sections, the address keeps the open one', async ({ page }) => {
  await signIn(page, admin);
  await openSection(page, 'Articles');
  await page.getByRole('tab', { name: 'Articles' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Attendees' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Attendees' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Dev mailbox' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Articles' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  expect(new URL(page.url()).hash).toBe('#mailbox');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Dev mailbox' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Dev mailbox' })).toBeVisible();
});

// Needs the dev mailbox API (GET /api/admin/mailbox, /api/admin/mailbox/{id}).
test('with SMTP_URL set the dev mailbox says it is off', async ({ page }) => {
  await signIn(page, admin);
  const section = await openSection(page, 'Dev mailbox');
  await expect(section).toContainText('The dev mailbox is off');
});

test.describe('without SMTP_URL', () => {
  let devServer: RunningServer;
  test.beforeAll(async () => { devServer = await startServer({ ADMIN_EMAILS: ADMINS }); });
  test.afterAll(async () => { await devServer?.stop(); });

  // Needs the dev mailbox API (GET /api/admin/mailbox, /api/admin/mailbox/{id}).
  test('the dev mailbox lists the kept mail and shows a message\'s text, its HTML only in a sandboxed frame', async ({ page }) => {
    // The first start printed a one-time sign-in link for the first ADMIN_EMAILS account: the admin follows it.
    const link = /https?:\/\/[^\s"]+\/admin-sign-in\/[A-Za-z0-9_-]+/.exec(devServer.output())?.[0];
    expect(link).toBeTruthy();
    await page.goto(`${link}?lang=en`);
    await page.getByRole('button', { name: 'Sign in to the panel' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    const res = await fetch(`${devServer.url}/register`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: devServer.url },
      body: JSON.stringify({ name: 'Ktoś Nowy', email: 'ktos@example.com', password: 'secret123', repeat: 'secret123', phone: '+48 600 000 000', language: 'pl' }),
    });
    expect(res.status).toBe(201);
    // The verification mail goes out through the outbox worker, a moment after the answer: the admin reloads until it is kept.
    const section = page.getByRole('tabpanel', { name: 'Dev mailbox' });
    await expect(async () => {
      await page.goto(`${devServer.url}/admin?lang=en#mailbox`);
      await expect(section.getByRole('cell', { name: 'ktos@example.com' })).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await section.getByRole('row').filter({ hasText: 'ktos@example.com' }).getByRole('button', { name: /^Open: / }).click();
    const mail = section.getByRole('article');
    await expect(mail.locator('pre')).toContainText('/verify-email/');
    const frame = mail.locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(frame).toHaveAttribute('srcdoc', /verify-email/);
  });
});
