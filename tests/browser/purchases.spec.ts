import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { consentTexts } from '../../modules/purchases/index.ts';
import { signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';
import { watchErrors } from '../support/browser.ts';

let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url });
});
test.afterAll(async () => { await server?.stop(); await smtp?.close(); });

async function signedIn(context: BrowserContext, email: string) {
  const { token } = await signUp(server, smtp, email);
  await context.addCookies([{ name: 'session', value: token, url: server.url }]);
}

/**
 * The purchase page's Buy now → terms → the consents the product needs (each unticked, Buy now dimmed until every box
 * is ticked) → dev checkout → Pay, ending on My Recordings.
 */
async function buy(page: Page, key: string, consents: RegExp[] = []) {
  await page.goto(`${server.url}/video-details/${key}`);
  await page.locator('astro-island:not([ssr])').first().waitFor();
  await page.getByTestId('buy-now').click();
  const boxes = page.getByTestId('buy-panel').getByRole('checkbox');
  await expect(boxes).toHaveCount(1 + consents.length);
  for (const box of await boxes.all()) await expect(box).not.toBeChecked();
  await page.locator('#accept-policy').check();
  for (const consent of consents) {
    await expect(page.getByTestId('checkout')).toHaveAttribute('aria-disabled', 'true');
    await page.getByRole('checkbox', { name: consent }).check();
  }
  await page.getByTestId('checkout').click();
  await expect(page).toHaveURL(/\/dev-checkout\//);
  await page.getByRole('button', { name: /^Zapłać/ }).click();
  await expect(page).toHaveURL(/\/video#nowy-film$/);
}

test('buy an upcoming event and a past one, count down, read the details (Join only comes 30 minutes before), play the recording; others are denied', async ({ page, browser }) => {
  const errors = watchErrors(page);
  await signedIn(page.context(), 'widz@example.com');

  // App start: a signed-in visit re-verifies purchases once per browser session.
  const appStart = page.waitForResponse((r) => r.url().endsWith('/api/user/verify-purchases') && r.status() === 200);
  await page.goto(server.url);
  expect((await appStart).ok()).toBe(true);

  await buy(page, DEMO_KEYS.shame);
  await expect(page.getByRole('status').getByRole('heading', { name: 'Dziękujemy!' })).toBeVisible();
  await expect(page.getByText('Twój nowy zakup jest już dostępny.')).toBeVisible();
  await page.getByRole('button', { name: 'Przejdź' }).click();
  const card = page.locator(`#my-recordings-list a[href="/watch-video/${DEMO_KEYS.shame}"]`);
  await expect(card).toBeVisible();

  await card.click();
  await expect(page).toHaveURL(new RegExp(`/watch-video/${DEMO_KEYS.shame}$`));
  const timer = page.getByRole('timer');
  await expect(timer).toBeVisible();
  const seconds = timer.locator('[data-unit="seconds"] .countdown-value');
  const days = Number(await timer.locator('[data-unit="days"] .countdown-value').textContent());
  expect(days).toBeGreaterThanOrEqual(23);
  const first = await seconds.textContent();
  await expect(seconds).not.toHaveText(first!, { timeout: 3000 });
  // Join appears only the product's 30 minutes before the start (tests/api/product-facts.test.ts shows it appearing).
  await expect(page.getByRole('link', { name: 'Dołącz do wydarzenia' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Szczegóły' }).click();
  await expect(page.locator('#watch-details')).toBeVisible();
  await expect(page.locator('#watch-details')).toContainText(/Cena\s*2290\s*zł/);

  await page.goto(`${server.url}/video-details/${DEMO_KEYS.shame}`);
  await expect(page).toHaveURL(new RegExp(`/watch-video/${DEMO_KEYS.shame}$`));

  // Over, and sold with its recording: the buyer consents to receiving it early and acknowledges losing the right.
  await buy(page, DEMO_KEYS.trauma, [/^Wyrażam zgodę na dostarczenie nagrania \(treści cyfrowej\)/]);
  await page.goto(`${server.url}/watch-video/${DEMO_KEYS.trauma}`);
  await expect(page.getByText('Rozpoczęcie odtwarzania oznacza utratę prawa do odstąpienia od umowy (14 dni).')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'O materiale' })).toBeVisible();
  await page.locator('astro-island:not([ssr])').first().waitFor();
  const played = page.waitForResponse((r) => r.url().endsWith(`/api/videos/${DEMO_KEYS.trauma}/playback`) && r.status() === 200);
  await page.getByRole('button', { name: 'Odtwórz nagranie' }).click();
  await played;
  const video = page.getByTestId('recording');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.3);
  expect(await video.evaluate((v: HTMLVideoElement) => !v.paused && v.readyState >= 2)).toBe(true);
  const src = await video.getAttribute('src');
  expect(src).toMatch(/^\/media\/recordings\/.+\?u=.+&e=\d+&s=/);

  const unsigned = await page.request.get(`${server.url}/media/recordings/${DEMO_KEYS.trauma}`);
  expect(unsigned.status()).toBe(403);
  const forged = await page.request.get(`${server.url}${src!.replace(/s=[^&]+/, 's=forged')}`);
  expect(forged.status()).toBe(403);
  expect(errors).toEqual([]);

  const stranger = await browser.newContext();
  await signedIn(stranger, 'obcy@example.com');
  const other = await stranger.newPage();
  await other.goto(`${server.url}/watch-video/${DEMO_KEYS.trauma}`);
  await expect(other.getByRole('heading', { name: 'Brak dostępu' })).toBeVisible();
  await expect(other.locator('video')).toHaveCount(0);
  await other.getByRole('link', { name: 'Zobacz szczegóły' }).click();
  await expect(other).toHaveURL(new RegExp(`/video-details/${DEMO_KEYS.trauma}$`));
  const copied = await other.request.get(`${server.url}${src}`);
  expect(copied.status(), 'a signed link is bound to its owner; a copy still works only until it expires').toBe(200);
  await stranger.close();
});

test('on a phone in English: the recording consent shows unticked in full, gates Buy now, and the confirmation quotes it word for word', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page.context(), 'telefon@example.com');
  await page.goto(`${server.url}/video-details/${DEMO_KEYS.contactStyles}?lang=en`);
  await page.locator('astro-island:not([ssr])').first().waitFor();
  await page.getByTestId('buy-now').click();
  const consent = page.getByRole('checkbox', { name: consentTexts.en['consent.recordingEarly.v1'] });
  await expect(consent).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'I accept the policy' }).check();
  await expect(page.getByTestId('checkout')).toHaveAttribute('aria-disabled', 'true');
  await consent.scrollIntoViewIfNeeded();
  await expect(consent).toBeInViewport();
  await consent.check();
  await expect(page.getByTestId('checkout')).toHaveAttribute('href', /\?zgody=recordingEarly$/);
  await page.getByTestId('checkout').click();
  await expect(page).toHaveURL(/\/dev-checkout\//);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/video#nowy-film$/);
  // The account speaks Polish: the mail does too, quoting the consent as it was given, in English.
  await expect.poll(() => smtp.received.find((m) => m.envelopeTo.includes('telefon@example.com') && m.parsed.subject?.startsWith('Potwierdzenie zakupu'))?.parsed.text ?? '',
    { timeout: 15_000 }).toContain(`„${consentTexts.en['consent.recordingEarly.v1']}” (v1)`);
  expect(errors).toEqual([]);
});

test('the watch page speaks English too, and a visitor without a session is denied', async ({ page }) => {
  await page.goto(`${server.url}/watch-video/${DEMO_KEYS.trauma}?lang=en`);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Details' })).toBeVisible();
  await page.goto(`${server.url}/watch-video/no-such-key`);
  await expect(page.getByRole('heading', { name: 'Video not found' })).toBeVisible();
  await page.goto(`${server.url}/watch-video`);
  await expect(page.getByRole('heading', { name: 'Missing video ID in the URL.' })).toBeVisible();
  await page.goto(`${server.url}/anulowano-platnosc`);
  await expect(page.getByRole('heading', { name: 'The session payment was failed' })).toBeVisible();
  await page.goto(`${server.url}/anulowano-platnosc?lang=pl`);
  await expect(page.getByRole('heading', { name: 'Płatność nie powiodła się.' })).toBeVisible();
});

test('a buyer over the checkout limit is told why in their language, not the generic failure, and taken back', async ({ page }) => {
  await signedIn(page.context(), 'niecierpliwy@example.com');
  const priceId = 'price_demo_breath_usd';
  let refused = 0;
  for (let i = 0; i < 15 && refused === 0; i += 1) {
    const r = await page.request.post(`${server.url}/create-checkout-session`, {
      headers: { origin: server.url, 'content-type': 'application/json' },
      data: { priceId, video: { key: DEMO_KEYS.breath }, email: 'niecierpliwy@example.com', name: 'Niecierpliwy', locale: 'pl' },
    });
    if (r.status() === 429) refused += 1;
  }
  expect(refused).toBe(1);
  await page.goto(`${server.url}/video-details/${DEMO_KEYS.breath}`);
  const alerted = page.waitForEvent('dialog');
  await page.goto(`${server.url}/ladowanie-platnosci/${priceId}`);
  const dialog = await alerted;
  expect(dialog.message()).toBe('Zbyt wiele prób. Spróbuj ponownie za chwilę.');
  await dialog.accept();
  await expect(page).toHaveURL(new RegExp(`/video-details/${DEMO_KEYS.breath}$`));
});

test('a hand-off without the consents the product needs is told which are missing in the buyer\'s language, and taken back', async ({ page }) => {
  await signedIn(page.context(), 'bez-zgody@example.com');
  await page.goto(`${server.url}/video-details/${DEMO_KEYS.trauma}?lang=en`);
  const alerted = page.waitForEvent('dialog');
  await page.goto(`${server.url}/ladowanie-platnosci/price_demo_trauma_eur`);
  const dialog = await alerted;
  expect(dialog.message()).toBe('Tick the consents this purchase needs: without them we cannot start the service or give you the recording before the 14-day withdrawal period ends.');
  await dialog.accept();
  await expect(page).toHaveURL(new RegExp(`/video-details/${DEMO_KEYS.trauma}\\?lang=en$`));
});
