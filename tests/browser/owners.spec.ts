import { expect, test, type Page } from '@playwright/test';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: string;
let nonOwner: string;
test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url });
  owner = (await signUp(server, smtp, 'wlasciciel@example.com')).token;
  nonOwner = (await signUp(server, smtp, 'gosc@example.com')).token;
  await buyWithDevCheckout(server, owner, DEMO_KEYS.breath, 'price_demo_breath_pln');
  await buyWithDevCheckout(server, owner, DEMO_KEYS.contactStyles, 'price_demo_contact_styles_pln');
});
test.afterAll(async () => { await server?.stop(); await smtp?.close(); });

const as = async (page: Page, token: string | null) => {
  if (token) await page.context().addCookies([{ name: 'session', value: token, url: server.url }]);
};

for (const [who, token, target] of [
  ['a visitor', null, 'video-details'], ['a signed-in non-owner', 'nonOwner', 'video-details'], ['the owner', 'owner', 'watch-video'],
] as const) {
  test(`coming-soon Learn more and listing cards lead ${who} to the ${target} page`, async ({ page }) => {
    await as(page, token === 'owner' ? owner : token === 'nonOwner' ? nonOwner : null);
    await page.goto(`${server.url}/?lang=en`);
    const comingSoon = page.getByRole('button', { name: /Breath and Embodiment/ });
    await comingSoon.scrollIntoViewIfNeeded();
    // The gallery hydrates when it becomes visible; Astro drops `ssr` from its island then.
    await expect(comingSoon.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr');
    await comingSoon.click();
    await expect(page.getByRole('dialog', { name: 'Breath and Embodiment' }).getByRole('link', { name: 'Learn more' }))
      .toHaveAttribute('href', `/${target}/${DEMO_KEYS.breath}`);
    await page.goto(`${server.url}/seminaria?lang=en`);
    await expect(page.locator(`.video-card a[data-key="${DEMO_KEYS.contactStyles}"]`)).toHaveAttribute('href', `/${target}/${DEMO_KEYS.contactStyles}`);
    await expect(page.locator(`.video-card a[data-key="${DEMO_KEYS.trauma}"]`)).toHaveAttribute('href', `/video-details/${DEMO_KEYS.trauma}`);
    const details = await page.goto(`${server.url}/video-details/${DEMO_KEYS.breath}`);
    expect(details?.url()).toMatch(new RegExp(`/${target}/${DEMO_KEYS.breath}$`));
  });
}

test('with reduced motion the hero does not move on scroll and previews do not play', async ({ browser }) => {
  const measure = async (reducedMotion: 'reduce' | 'no-preference') => {
    const context = await browser.newContext({ reducedMotion, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.locator('[data-scroll-hero][data-motion]').waitFor();
    const banner = page.locator('.banner');
    const before = await banner.evaluate((el) => getComputedStyle(el).transform + getComputedStyle(el).width);
    await page.mouse.wheel(0, 500);
    // No sleeping: wait until the page has scrolled, then for the frames a scroll effect would be drawn in.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))));
    const after = await banner.evaluate((el) => getComputedStyle(el).transform + getComputedStyle(el).width);
    await page.goto(`${server.url}/seminaria`);
    const card = page.locator(`.video-card:has(a[data-key="${DEMO_KEYS.contactStyles}"])`);
    await card.hover();
    const previewing = await card.evaluate((el) => el.classList.contains('is-previewing'));
    await context.close();
    return { moved: before !== after, previewing };
  };
  expect(await measure('no-preference')).toEqual({ moved: true, previewing: true });
  expect(await measure('reduce')).toEqual({ moved: false, previewing: false });
});
