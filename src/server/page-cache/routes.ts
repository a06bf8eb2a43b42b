/**
 * Which routes' answers the page cache may keep, and for whom: declared here once, by route pattern (as Astro names
 * the file under src/pages), and applied by the middleware (keep.ts). A route not listed is rendered for every request.
 * tests/api/page-cache-routes.test.ts renders every route listed here anonymously and signed in, and fails when one is
 * kept for the wrong visitor; the provider refuses to keep an answer rendered for a session as a public page.
 */
import type { PageTag } from './store.ts';

export type Keep =
  /** Rendered for every request. */
  | { readonly for: 'never' }
  /**
   * Visitors without a session share one copy per URL and language (and shared caches may keep it briefly). A
   * signed-in caller gets a copy of their own, never anyone else's (every page shows who is signed in), tagged with
   * their id so any event concerning them drops it; with `until: 'ownership-changes'` it lasts at most until their
   * soonest access window opens or ends (the page marks what they own, which then changes without an event).
   */
  | { readonly for: 'public'; readonly tags: readonly PageTag[]; readonly until?: 'ownership-changes' }
  /** Only a signed-in caller's own copy, as above; an answer to a visitor without a session is never kept. */
  | { readonly for: 'per-user'; readonly tags: readonly PageTag[] };

const NEVER: Keep = { for: 'never' };
const SHOWS_OWNERSHIP: Keep = { for: 'public', tags: ['catalogue'], until: 'ownership-changes' };

export const ROUTES = {
  '/': SHOWS_OWNERSHIP,
  '/seminaria': SHOWS_OWNERSHIP,
  '/warsztaty': SHOWS_OWNERSHIP,
  '/treningi': SHOWS_OWNERSHIP,
  '/eksploruj-[product]': SHOWS_OWNERSHIP,
  '/video-details/[id]': SHOWS_OWNERSHIP,
  '/biblioteka': { for: 'public', tags: ['articles'] },
  '/kontakt': { for: 'public', tags: ['static'] },
  '/regulamin': { for: 'public', tags: ['static'] },
  '/polityka-prywatnosci': { for: 'public', tags: ['static'] },
  '/api/articles': { for: 'public', tags: ['articles'] },
  // An owner's answer carries signed links and is refused by the route itself (keepNot).
  '/api/videos/[id]': { for: 'public', tags: ['catalogue'] },
  '/profile': { for: 'per-user', tags: [] },
} as const satisfies Record<string, Keep>;

/** What `routePattern` declares. */
export const keepOf = (routePattern: string): Keep => (ROUTES as Record<string, Keep>)[routePattern] ?? NEVER;
