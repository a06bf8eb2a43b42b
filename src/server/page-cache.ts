import { activePageCache, userTag } from './page-cache-provider.ts';

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

/**
 * Marks this answer cacheable for whoever asks: a visitor without a session as `cacheForVisitors`; a signed-in
 * caller under their own key (never shown to anyone else), tagged with their id so any event concerning them
 * (a purchase, a log-out, an erasure) drops it, and kept at most until `until` (when what they may see changes
 * by the clock, e.g. an access window ending). Only for answers that show nothing time-limited or secret.
 */
export function cacheForCaller(astro: PageContext, tags: PageTag[], until: Date | null = null) {
  const user = astro.locals.user;
  if (!user) return cacheForVisitors(astro, tags);
  const seconds = until ? Math.floor((until.getTime() - Date.now()) / 1000) : PAGE_MAX_AGE;
  if (seconds <= 0) return;
  astro.cache.set({ maxAge: Math.min(PAGE_MAX_AGE, seconds), tags: [...tags, userTag(user.id)] });
}

/** Drops cached pages carrying any of `tags` (after a committed catalogue or article change, or one concerning a user). */
export async function invalidatePages(tags: (PageTag | `user:${string}`)[]) {
  await activePageCache()?.invalidate({ tags });
}
