import { activePageCache } from './page-cache-provider.ts';

/** Cache tags of public pages: `catalogue` (products, facilitators), `articles`, `static` (terms, contact). */
export type PageTag = 'catalogue' | 'articles' | 'static';

/** How long a public page may be served from memory; a catalogue change drops it at once anyway. */
export const PAGE_MAX_AGE = 300;

type PageContext = {
  locals: App.Locals;
  cache: { set(options: { maxAge?: number; tags?: string[] }): void };
};

/** Marks this response as cacheable for visitors without a session, under `tags`. Signed-in pages are never cached. */
export function cacheForVisitors(astro: PageContext, tags: PageTag[]) {
  if (astro.locals.user) return;
  astro.locals.cacheable = true;
  astro.cache.set({ maxAge: PAGE_MAX_AGE, tags });
}

/** Drops cached pages carrying any of `tags` (after a committed catalogue or article change). */
export async function invalidatePages(tags: PageTag[]) {
  await activePageCache()?.invalidate({ tags });
}
