import type { Page } from '@playwright/test';

/** Script errors and CSP violations on a page; failed fetches (an expected 401, say) are not errors here. */
export function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text()); });
  return errors;
}
