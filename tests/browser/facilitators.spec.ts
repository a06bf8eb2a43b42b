import { expect, test, type Page } from '@playwright/test';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { signUp } from '../support/accounts.ts';
import { axeFindings, watchErrors } from '../support/browser.ts';
import { png, svgWithScript } from '../support/images.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'kadry@example.com' });
  admin = (await signUp(server, smtp, 'kadry@example.com', 'Ewa Kadrowa')).token;
});
test.afterAll(async () => { await server?.stop(); await smtp?.close(); });

async function openSection(page: Page, tab: string) {
  await page.context().addCookies([{ name: 'session', value: admin, url: server.url }]);
  await page.goto(`${server.url}/admin?lang=en`);
  await expect(page.locator('astro-island:has(.admin-tabs)')).not.toHaveAttribute('ssr');
  await page.getByRole('tab', { name: tab }).click();
  return page.getByRole('tabpanel', { name: tab });
}
test('the operator adds a facilitator with an uploaded photo, moves them first on the home page and picks them for a product', async ({ page }) => {
  const errors = watchErrors(page);
  const section = await openSection(page, 'Facilitators');
  await expect(section.getByRole('listitem')).toHaveCount(5);
  expect(await axeFindings(page)).toEqual([]);
  await section.getByRole('button', { name: 'Add a facilitator' }).click();
  await expect(section.getByRole('heading', { name: 'New facilitator' })).toBeFocused();
  await section.getByLabel('Name').fill('Anna Nowak');
  // A script in an SVG is refused with the server's message; nothing changes.
  await section.getByLabel('Photo').setInputFiles({ name: 'photo.svg', mimeType: 'image/svg+xml', buffer: svgWithScript() });
  await expect(section.getByRole('alert')).toHaveText('SVG files are not accepted (they can carry scripts). Send a JPEG, PNG, WebP or AVIF picture.');
  await section.getByLabel('Photo').setInputFiles({ name: 'anna.png', mimeType: 'image/png', buffer: await png(800, 800) });
  await expect(section.getByText('File uploaded.')).toBeVisible();
  await expect(section.locator('.media-field__preview')).toHaveAttribute('src', /^\/media\/uploads\/[0-9a-f]{32}-800x800\/320\.jpg$/);
  await section.getByLabel('Role (Polish)').fill('Psychoterapeutka');
  await section.getByLabel('Role (English)').fill('Psychotherapist');
  await section.getByLabel('Bio (English)').fill('She works with couples.');
  expect(await axeFindings(page)).toEqual([]);
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section.getByRole('status').first()).toHaveText('Saved.');
  await expect(section.getByRole('listitem')).toHaveCount(6);
  // Five clicks without waiting for the saves: each moves her a step (the panel moves the list it shows at once).
  for (let i = 0; i < 5; i++) await section.getByRole('button', { name: 'Move up: Anna Nowak' }).click();
  await expect(section.getByRole('listitem').first()).toContainText('Anna Nowak');
  // "Saving…" from the first click until the last move is saved (leaving the page sooner would drop the rest).
  await expect(section.getByRole('status').first()).toHaveText('Saved.');

  await page.goto(`${server.url}/?lang=en`);
  await expect(page.locator('.person__name').first()).toHaveText('Anna Nowak');
  // Her photo comes as AVIF or WebP at the width the gallery needs, not the 800 px original.
  const shown = await page.locator('.person img').first().evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(shown).toMatch(/\/media\/uploads\/[0-9a-f]{32}-800x800\/(320|640)\.(avif|webp)$/);

  const catalogue = await openSection(page, 'Catalogue');
  await catalogue.getByRole('button', { name: 'Edit: Trauma and the Body in Gestalt' }).click();
  await catalogue.getByLabel(/^Anna Nowak/).check();
  await catalogue.getByRole('button', { name: 'Move up: Anna Nowak' }).click();
  await catalogue.getByRole('button', { name: 'Save' }).click();
  await expect(catalogue.getByRole('status')).toHaveText('Saved.');
  await page.goto(`${server.url}/video-details/${DEMO_KEYS.trauma}?lang=en`);
  await expect(page.locator('.teachers')).toContainText('Anna Nowak');

  const again = await openSection(page, 'Facilitators');
  await again.getByRole('button', { name: 'Delete: Anna Nowak' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(again.getByRole('alert')).toHaveText('Cannot delete: this person is chosen in these events: Trauma i ciało w podejściu Gestalt.');
  await expect(again.getByRole('listitem').first()).toContainText('Anna Nowak');
  expect(errors).toEqual([]);
});

test('quick moves each take a step, saved in order with focus kept on the moved person; a failed save shows the server\'s order', async ({ page }) => {
  const errors = watchErrors(page);
  const section = await openSection(page, 'Facilitators');
  const names = section.locator('.admin-person__name strong');
  await expect(names).not.toHaveCount(0);
  const before = await names.allTextContents();
  const last = before.at(-1)!;
  const movedTo = (at: number) => { const rest = before.slice(0, -1); rest.splice(at, 0, last); return rest; };
  // Saves held until `release()`: every click and key press below comes before the first move is saved.
  let answered = 0;
  page.on('response', (r) => { if (r.url().endsWith('/api/admin/facilitators/order')) answered++; });
  let release = () => {};
  const held = new Promise<void>((r) => { release = r; });
  await page.route('**/api/admin/facilitators/order', async (route) => { await held; await route.continue(); });

  const up = section.getByRole('button', { name: `Move up: ${last}` });
  const down = section.getByRole('button', { name: `Move down: ${last}` });
  for (let i = 0; i < before.length - 2; i++) await up.click();
  await expect(names).toHaveText(movedTo(1));
  await expect(section.getByRole('status').first()).toHaveText('Saving…');
  await expect(up).toBeFocused();
  // From the keyboard: at the top, where Move up is disabled, focus stays with the person, on Move down.
  await page.keyboard.press('Enter');
  await expect(names).toHaveText(movedTo(0));
  await expect(down).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(names).toHaveText(movedTo(2));
  await expect(down).toBeFocused();
  release();
  await expect.poll(() => answered).toBe(before.length + 1);
  await expect(section.getByRole('status').first()).toHaveText('Saved.');
  const again = await openSection(page, 'Facilitators');
  // Read again from the server.
  await expect(again.locator('.admin-person__name strong')).toHaveText(movedTo(2));

  // The second of two quick moves is refused: the error is shown, the list is the server's (one step moved).
  await page.unroute('**/api/admin/facilitators/order');
  let sent = 0;
  let releaseAgain = () => {};
  const heldAgain = new Promise<void>((r) => { releaseAgain = r; });
  await page.route('**/api/admin/facilitators/order', async (route) => {
    sent++;
    await heldAgain;
    await (sent === 2 ? route.abort() : route.continue());
  });
  const downAgain = again.getByRole('button', { name: `Move down: ${last}` });
  await downAgain.click();
  await downAgain.click();
  await expect(again.locator('.admin-person__name strong')).toHaveText(movedTo(4));
  releaseAgain();
  await expect(again.getByRole('alert')).toHaveText('Could not save.');
  await expect(again.locator('.admin-person__name strong')).toHaveText(movedTo(3));
  await expect((await openSection(page, 'Facilitators')).locator('.admin-person__name strong')).toHaveText(movedTo(3));
  expect(errors).toEqual([]);
});
