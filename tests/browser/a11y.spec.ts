import AxeBuilder from '@axe-core/playwright';
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
        const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        for (const v of violations) found.push(`${path}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
      }
      expect(found).toEqual([]);
    });
  }
}
