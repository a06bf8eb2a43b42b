import { expect, type Locator, type Page } from '@playwright/test';

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
