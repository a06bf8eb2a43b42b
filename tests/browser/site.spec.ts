import { expect, test, type Page } from '@playwright/test';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';
import { signUp } from '../support/accounts.ts';
import { hydrated } from '../support/browser.ts';

let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, CONTACT_TO: 'biuro@gestalt.test' });
});
test.afterAll(async () => { await server?.stop(); await smtp?.close(); });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Collects script errors and CSP violations; each test ends by asserting there were none. */
function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

let signUps = 0;
/** A real, verified user whose session cookie the page then carries. */
async function signIn(page: Page) {
  signUps += 1;
  const { token } = await signUp(server, smtp, `site-${signUps}@example.com`);
  await page.context().addCookies([{ name: 'session', value: token, url: server.url }]);
  return token;
}

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

  test('navigates the offer in both languages, with the logo following the category', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto(`${server.url}/?lang=pl`);
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Nawigacja główna' });
    await nav.getByRole('link', { name: 'Warsztaty' }).click();
    await expect(page).toHaveURL(/\/warsztaty$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Warsztaty' })).toBeVisible();
    await expect(page.locator('header [data-logo]')).toHaveAttribute('data-logo', 'workshop');
    await expect(page.getByRole('link', { name: /Wstyd w relacji terapeutycznej/ })).toHaveAttribute('href', `/video-details/${DEMO_KEYS.shame}`);
    await nav.getByRole('link', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Workshops' })).toBeVisible();
    await page.getByRole('banner').getByText('Media library', { exact: true }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Library', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Gestalt therapy: an overview/ })).toHaveAttribute('target', '_blank');
    await page.getByRole('banner').getByText('Account', { exact: true }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/stworz-konto');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Admin panel' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('opens a facilitator bio from the gallery and a coming-soon overlay whose Learn more leads to the purchase page', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto(`${server.url}/?lang=en`);
    await expect(page.getByText('Welocme to')).toBeAttached();
    await (await hydrated(page.getByRole('button', { name: /Ewa Lis/ }))).click();
    const panel = page.getByRole('dialog', { name: 'Ewa Lis' });
    await expect(panel).toContainText('breath and body work');
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();
    await (await hydrated(page.getByRole('button', { name: /Breath and Embodiment/ }))).click();
    const overlay = page.getByRole('dialog', { name: 'Breath and Embodiment' });
    await expect(overlay).toContainText('six-day training');
    await overlay.getByRole('link', { name: 'Learn more' }).click();
    await expect(page).toHaveURL(new RegExp(`/video-details/${DEMO_KEYS.breath}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Breath and Embodiment' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('sends a visitor who presses Buy now to account creation', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto(`${server.url}/video-details/${DEMO_KEYS.trauma}?lang=pl`);
    // A link: it works before (and without) the panel's script, which comes with the first scroll and shows the Buy bar.
    await page.mouse.wheel(0, 600);
    await expect(page.locator('.buy-bar')).toHaveClass(/is-visible/);
    await page.locator('.buy-bar').getByRole('link', { name: 'Kup teraz' }).click();
    await expect(page).toHaveURL(/\/stworz-konto$/);
    await page.goBack();
    await page.getByTestId('buy-now').click();
    await expect(page).toHaveURL(/\/stworz-konto$/);
    expect(errors).toEqual([]);
  });

  test('the buy panel: currency switch changes language, the checkbox gates the button, the icon closes it', async ({ page }) => {
    const errors = watchConsole(page);
    await signIn(page);
    await page.goto(`${server.url}/video-details/${DEMO_KEYS.breath}?lang=pl`);
    await (await hydrated(page.getByTestId('buy-now'))).click();
    const panel = page.getByTestId('buy-panel');
    await expect(panel.getByTestId('buy-price')).toContainText('2200');
    await expect(panel.getByTestId('checkout')).toHaveAttribute('aria-disabled', 'true');
    await panel.getByText('EUR', { exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Breath and Embodiment' })).toBeVisible();
    const reopened = page.getByTestId('buy-panel');
    await expect(reopened.getByTestId('buy-price')).toContainText('520');
    await reopened.getByText('USD', { exact: true }).click();
    await expect(reopened.getByTestId('buy-price')).toContainText('610');
    await reopened.getByRole('button', { name: 'I accept the policy' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms and privacy policy' });
    await expect(terms).toContainText('90 days');
    await terms.getByRole('button', { name: 'Close' }).click();
    await reopened.getByRole('checkbox', { name: 'I accept the policy' }).check();
    await expect(reopened.getByTestId('checkout')).toHaveAttribute('href', '/ladowanie-platnosci/price_demo_breath_usd');
    await reopened.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('buy-panel')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('answers an unknown path with Page not found', async ({ page }) => {
    const response = await page.goto(`${server.url}/to-nie-istnieje?lang=en`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found.' })).toBeVisible();
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE });

  test('navigates with the hamburger menu in both languages', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto(`${server.url}/?lang=pl`);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Seminaria' })).toBeHidden();
    await page.getByRole('banner').getByLabel('Menu').click();
    await page.getByRole('banner').getByRole('link', { name: 'Seminaria' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Seminaria' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Style kontaktu w praktyce/ })).toBeVisible();
    await page.getByRole('banner').getByLabel('Menu').click();
    await page.getByRole('banner').getByRole('link', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Seminars' })).toBeVisible();
    await page.getByRole('banner').getByLabel('Menu').click();
    await page.getByRole('banner').getByRole('link', { name: 'Trainings' }).click();
    await expect(page.getByRole('link', { name: /Breath and Embodiment/ })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('scrolls the facilitator gallery by dragging it with a mouse and with the arrow keys, and a drag opens no bio', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto(`${server.url}/?lang=en`);
    const track = await hydrated(page.getByTestId('facilitator-track'));
    const scrollLeft = () => track.evaluate((el) => el.scrollLeft);
    expect(await track.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeGreaterThan(400);
    expect(await scrollLeft()).toBe(0);

    const box = (await track.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width - 40, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 40, y, { steps: 10 });
    await page.mouse.up();
    await expect.poll(scrollLeft).toBeGreaterThan(100);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const dragged = await scrollLeft();
    await track.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(scrollLeft).toBeGreaterThan(dragged + 100);
    const moved = await scrollLeft();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(scrollLeft).toBeLessThan(moved - 100);
    expect(errors).toEqual([]);
  });

  test('closes the buy panel by dragging it down more than 10 px', async ({ page }) => {
    await signIn(page);
    await page.goto(`${server.url}/video-details/${DEMO_KEYS.shame}?lang=pl`);
    await (await hydrated(page.getByTestId('buy-now'))).click();
    const handle = page.getByTestId('buy-panel-handle');
    await expect(handle).toBeVisible();
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 5);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + 12, { steps: 2 });
    await expect(page.getByTestId('buy-panel')).toBeVisible();
    await page.mouse.move(box.x + box.width / 2, box.y + 40, { steps: 4 });
    await page.mouse.up();
    await expect(page.getByTestId('buy-panel')).toHaveCount(0);
  });

  test('sends the contact form to the mailbox and says it was sent', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto(`${server.url}/kontakt?lang=en`);
    await hydrated(page.getByRole('button', { name: 'Send' }));
    await page.getByLabel('Name').fill('Piotr Test');
    await page.getByLabel('E-mail').fill('piotr@example.com');
    await page.getByLabel('Message').fill('Is the training in person?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('status')).toContainText('Message sent. Thank you!');
    await expect.poll(() => smtp.received.some((m) => m.envelopeTo.includes('biuro@gestalt.test') && m.parsed.text?.includes('Is the training in person?')), { timeout: 15_000 }).toBe(true);
    expect(errors).toEqual([]);
  });
});
