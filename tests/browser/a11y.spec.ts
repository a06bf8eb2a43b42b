import { axeFindings } from '../support/browser.ts';
import { expect, test } from '@playwright/test';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
test.beforeAll(async () => { server = await startServer(); });
test.afterAll(async () => { await server?.stop(); });

const PUBLIC_PAGES = [
  '/', '/eksploruj-gestalt-online', '/seminaria', '/warsztaty', '/treningi', `/video-details/${DEMO_KEYS.breath}`,
  '/biblioteka', '/kontakt', '/regulamin', '/polityka-prywatnosci', '/zaloguj-sie', '/stworz-konto', '/forgot-password',
  '/reset-password', '/anulowano-platnosc', `/watch-video/${DEMO_KEYS.trauma}`, '/no-such-page',
];

// Each language at one size: Polish on a phone, English on a desktop.
for (const [device, viewport, lang] of [['phone', { width: 390, height: 844 }, 'pl'], ['desktop', { width: 1280, height: 800 }, 'en']] as const) {
  {
    test(`every public page passes an axe-core scan (${device}, ${lang})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const found: string[] = [];
      for (const path of PUBLIC_PAGES) {
        await page.goto(`${server.url}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
        await page.waitForLoadState('networkidle');
        for (const finding of await axeFindings(page)) found.push(`${path}: ${finding}`);
      }
      expect(found).toEqual([]);
    });
  }
}
