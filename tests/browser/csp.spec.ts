import { expect, test } from '@playwright/test';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { inlineHashes } from '../../src/server/page-cache/csp.ts';
import { hydrated, watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
test.beforeAll(async () => { server = await startServer(); });
test.afterAll(async () => { await server?.stop(); });

const PUBLIC_PAGES = [
  '/', '/eksploruj-gestalt-online', '/seminaria', '/warsztaty', '/treningi', `/video-details/${DEMO_KEYS.breath}`,
  '/biblioteka', '/kontakt', '/regulamin', '/polityka-prywatnosci', '/zaloguj-sie', '/stworz-konto',
];

/** Records every CSP violation the page reports, from its first script on. */
const RECORD_VIOLATIONS = () => {
  const seen: string[] = [];
  (window as unknown as { cspViolations: string[] }).cspViolations = seen;
  document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
};

/** Whether the page at `url` is answered from the store with only its own hashes listed, or is not stored at all. */
async function narrowedOrUncached(url: string): Promise<boolean> {
  const res = await fetch(url);
  const html = await res.text();
  if (res.headers.get('x-astro-cache') !== 'HIT') return true;
  const own = inlineHashes(html);
  return ((res.headers.get('content-security-policy') ?? '').match(/'sha256-[^']+'/g) ?? []).every((h) => own.has(h));
}

for (const lang of ['pl', 'en'] as const) {
  test(`pages answered from the page store run under their narrowed policy without a violation (${lang})`, async ({ page }) => {
    await page.addInitScript(RECORD_VIOLATIONS);
    const errors = watchErrors(page);
    const problems: string[] = [];
    let hits = 0;
    for (const path of PUBLIC_PAGES) {
      const url = `${server.url}${path}?lang=${lang}`;
      for (const visit of ['rendered', 'first hit', 'narrowed']) {
        // A stored page gets its narrowed policy in the background after its first hit: wait for it to be in place.
        if (visit === 'narrowed') await expect.poll(async () => narrowedOrUncached(url), { timeout: 10_000 }).toBe(true);
        const response = await page.goto(url);
        await page.waitForLoadState('networkidle');
        const headers = response!.headers();
        if (visit === 'narrowed' && headers['x-astro-cache'] === 'HIT') {
          hits += 1;
          // Every hash the stored policy allows is one of the page's own inline elements.
          const own = inlineHashes(await response!.text());
          const listed = (headers['content-security-policy'] ?? '').match(/'sha256-[^']+'/g) ?? [];
          for (const hash of listed) if (!own.has(hash)) problems.push(`${path}: ${hash} is not the page's own`);
        }
        const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
        for (const v of violations) problems.push(`${path} (${visit}): ${v}`);
      }
    }
    // The islands of a page from the store still hydrate (their scripts are allowed).
    await page.goto(`${server.url}/?lang=${lang}`);
    await (await hydrated(page.getByRole('button', { name: /Ewa Lis/ }))).click();
    await expect(page.getByRole('dialog', { name: 'Ewa Lis' })).toBeVisible();
    expect(hits).toBeGreaterThan(5);
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
  });
}
