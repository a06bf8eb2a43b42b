import { expect, test, type Page } from '@playwright/test';
import { signUp } from '../support/accounts.ts';
import { axeFindings, watchErrors } from '../support/browser.ts';
import { png } from '../support/images.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/**
 * Issue 21's operator, start to end in one browser: a facilitator with a photo, a product with an uploaded picture
 * naming them, a new edition of it, a price edit every page follows, a contact message read, a free place granted
 * and counted apart in the totals; axe clean at desk and phone width along the way.
 */
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'dyrekcja@example.com' });
  admin = (await signUp(server, smtp, 'dyrekcja@example.com', 'Dorota Dyrektor', '+48 500 100 200')).token;
  await signUp(server, smtp, 'wolontariuszka@example.com', 'Wiola Wolontariuszka', '+48 600 300 400');
});
test.afterAll(async () => { await server?.stop(); await smtp?.close(); });

async function openSection(page: Page, tab: string) {
  await page.goto(`${server.url}/admin?lang=en`);
  await expect(page.locator('astro-island:has(.admin-tabs)')).not.toHaveAttribute('ssr');
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel', { name: tab });
}

/** A start a month from now, on the hour, as the datetime-local box takes it (Warsaw time). */
function monthAhead(days = 30): string {
  const at = new Date(Date.now() + days * 86_400_000);
  const warsaw = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  return `${warsaw}T10:00`;
}

/** The day after a date ('YYYY-MM-DD'). */
const nextDay = (date: string) => new Date(Date.parse(`${date}T12:00Z`) + 86_400_000).toISOString().slice(0, 10);

const TITLE = 'Granice w relacji';
const TITLE_EN = 'Boundaries in Relationship';

for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
  test(`the operator runs a new offer from the panel alone at ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const errors = watchErrors(page);
    await page.context().addCookies([{ name: 'session', value: admin, url: server.url }]);
    const person = `Zofia Granicka ${viewport.width}`;
    const title = `${TITLE} ${viewport.width}`;
    const titleEn = `${TITLE_EN} ${viewport.width}`;

    // A facilitator with an uploaded photo.
    const people = await openSection(page, 'Facilitators');
    await people.getByRole('button', { name: 'Add a facilitator' }).click();
    await people.getByLabel('Name').fill(person);
    await people.getByLabel('Photo').setInputFiles({ name: 'zofia.png', mimeType: 'image/png', buffer: await png(900, 900) });
    await expect(people.getByText('File uploaded.')).toBeVisible();
    await people.getByLabel('Role (Polish)').fill('Psychoterapeutka');
    await people.getByLabel('Role (English)').fill('Psychotherapist');
    await people.getByLabel('Bio (English)').fill('She teaches about boundaries.');
    expect(await axeFindings(page)).toEqual([]);
    await people.getByRole('button', { name: 'Save' }).click();
    await expect(people.getByRole('status').first()).toHaveText('Saved.');

    // A product with an uploaded picture, naming that facilitator.
    const catalogue = await openSection(page, 'Catalogue');
    await catalogue.getByRole('button', { name: 'New product' }).click();
    await catalogue.getByLabel('Title (Polish)', { exact: true }).fill(title);
    await catalogue.getByLabel('Title (English)', { exact: true }).fill(titleEn);
    await catalogue.getByLabel('Category').selectOption('workshop');
    // Two sessions: the first one's date and hours, then "Add a session" for the next day at the same hours.
    await catalogue.getByLabel('Session 1: date').fill(monthAhead().slice(0, 10));
    await catalogue.locator('#session-0-from').fill('10:00');
    await catalogue.locator('#session-0-to').fill('17:30');
    await catalogue.getByRole('button', { name: 'Add a session' }).click();
    await expect(catalogue.getByLabel('Session 2: date')).toHaveValue(nextDay(monthAhead().slice(0, 10)));
    await catalogue.getByLabel('Seats (empty: no limit)').fill('12');
    await catalogue.getByLabel('Place (optional) (Polish)').fill('Kraków, ul. Długa 1');
    await catalogue.getByLabel('Place (optional) (English)').fill('Kraków, Długa 1');
    await catalogue.getByLabel('Hours towards certification (optional)').fill('14');
    await catalogue.getByLabel('Group size from', { exact: true }).fill('6');
    await catalogue.getByLabel('Group size to', { exact: true }).fill('12');
    for (const [label, pl, en] of [['Lead description', 'O granicach.', 'On boundaries.'], ['Further description', 'Praca w parach.', 'Work in pairs.'],
      ['Audience and certificate', 'Dla terapeutów.', 'For therapists.']] as const) {
      await catalogue.getByLabel(`${label} (Polish)`, { exact: true }).fill(pl);
      await catalogue.getByLabel(`${label} (English)`, { exact: true }).fill(en);
    }
    await catalogue.getByLabel('Thumbnail').setInputFiles({ name: 'okladka.png', mimeType: 'image/png', buffer: await png(1600, 900) });
    await expect(catalogue.getByText('File uploaded.')).toBeVisible();
    await catalogue.getByLabel(new RegExp(`^${person}`)).check();
    for (const [currency, amount] of [['USD', '290'], ['PLN', '1190'], ['EUR', '270']] as const) {
      await catalogue.getByLabel(`${currency} price`, { exact: true }).fill(amount);
    }
    expect(await axeFindings(page)).toEqual([]);
    await catalogue.getByRole('button', { name: 'Save' }).click();
    await expect(catalogue.getByRole('status')).toHaveText('Saved.');
    const preview = catalogue.getByRole('link', { name: `Preview: ${titleEn}` });
    const path = await preview.getAttribute('href');
    const key = path!.split('/').pop()!;

    // The purchase page shows the picture as responsive variants, the facilitator, and facts derived from the fields.
    await page.goto(`${server.url}/video-details/${key}?lang=en`);
    await expect(page.locator('picture source[type="image/avif"]').first()).toHaveAttribute('srcset', /\/media\/uploads\/[0-9a-f]{32}-1600x900\/\d+\.avif \d+w/);
    await expect(page.locator('.teachers')).toContainText(person);
    await expect(page.locator('body')).toContainText('Kraków, Długa 1');
    await expect(page.locator('.sessions__list li')).toHaveCount(2);
    await expect(page.locator('.sessions__list li').first()).toContainText('10:00');
    expect(await axeFindings(page)).toEqual([]);
    await page.goto(`${server.url}/video-details/${key}?lang=pl`);
    await expect(page.locator('.buy-bar__price')).toContainText('1190');

    // A new edition: hidden, with a new start.
    const again = await openSection(page, 'Catalogue');
    await again.getByRole('button', { name: `New edition: ${titleEn}` }).click();
    const dialog = page.getByRole('dialog', { name: `New edition: ${titleEn}` });
    await dialog.getByLabel('Start of the new edition (Warsaw time)').fill(monthAhead(120));
    await dialog.getByRole('button', { name: 'Create the new edition' }).click();
    await expect(again.getByRole('status')).toHaveText('The new edition was created (hidden). Check it and publish it.');
    await expect(again.getByRole('row').filter({ hasText: titleEn })).toHaveCount(2);
    await expect(again.getByRole('row').filter({ hasText: titleEn }).filter({ hasText: 'Hidden' })).toHaveCount(1);

    // A price edit: every place that shows the price follows at the next request.
    await again.getByRole('button', { name: `Edit: ${titleEn}` }).first().click();
    await again.getByLabel('PLN price', { exact: true }).fill('1290');
    await again.getByRole('button', { name: 'Save' }).click();
    await expect(again.getByRole('status')).toHaveText('Saved.');
    await page.goto(`${server.url}/video-details/${key}?lang=pl`);
    await expect(page.locator('.buy-bar__price')).toContainText('1290');
    await expect(page.locator('body')).not.toContainText('1190');
    const api = (await (await page.request.get(`${server.url}/api/videos/${key}`)).json()) as { details: string; detailsEn: string };
    expect(api.details).toContain('1290');
    expect(api.details).not.toContain('1190');

    // A contact message, read in the inbox.
    const sent = await page.request.post(`${server.url}/api/contact`, {
      data: { fromName: 'Krystyna Pytająca', email: 'krystyna@example.com', message: `Czy są jeszcze miejsca na ${title}?` },
    });
    expect(sent.status()).toBe(201);
    const inbox = await openSection(page, 'Messages');
    const message = inbox.getByRole('button', { name: new RegExp(`Krystyna Pytająca.*${title}`) });
    await expect(message).toContainText('new');
    await message.click();
    await expect(inbox.getByRole('link', { name: /Reply by e-mail/ })).toHaveAttribute('href', /^mailto:krystyna@example\.com\?subject=Re/);
    expect(await axeFindings(page)).toEqual([]);

    // A free place granted by hand: in the attendee list, counted apart from card payments.
    const attendees = await openSection(page, 'Attendees');
    await attendees.getByLabel('Event').selectOption(key);
    await attendees.getByRole('button', { name: 'Grant access' }).click();
    const grant = page.getByRole('dialog', { name: 'Grant access by hand' });
    await grant.getByLabel('User\'s e-mail address').fill('wolontariuszka@example.com');
    await grant.getByLabel('Reason').fill('free place: volunteer');
    await grant.getByRole('button', { name: 'Grant access' }).click();
    await grant.getByRole('button', { name: 'Grant', exact: true }).click();
    await expect(attendees.getByText('Access granted.')).toBeVisible();
    // The attendee list's row, not the attendance sheet's below it (which names the same people).
    await expect(attendees.locator('table:not([data-testid])').getByRole('row', { name: /Wiola Wolontariuszka/ })).toContainText('free place: volunteer');
    await expect(attendees.getByRole('region', { name: 'Totals' })).toContainText('Granted by hand (no payment): 1');
    expect(await axeFindings(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(errors).toEqual([]);
  });
}
