import { expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** Script errors and CSP violations on a page; failed fetches (an expected 401, say) are not errors here. */
export function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text()); });
  return errors;
}

/**
 * Brings an island's content into view (a `client:visible` island hydrates then) and waits until Astro has
 * hydrated the island around it: before that, its server-rendered buttons are inert.
 */
export async function hydrated(inside: Locator): Promise<Locator> {
  await inside.scrollIntoViewIfNeeded();
  await expect(inside.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr');
  return inside;
}

/**
 * axe's WCAG 2.1 AA findings on the page as it stands once its animations have ended, each as "rule (impact) where".
 * Mid-way through an entrance (a card rising from transparent, a panel fading in) pale text fails the contrast
 * check; an animation cancelled on the way (its element replaced) rejects `finished` and is over all the same.
 */
export async function axeFindings(page: Page, options: { exclude?: string } = {}): Promise<string[]> {
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (options.exclude) builder = builder.exclude(options.exclude);
  return (await builder.analyze()).violations.map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}
