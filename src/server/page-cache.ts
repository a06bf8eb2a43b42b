import { activePageCache, userTag } from './page-cache-provider.ts';

/** Cache tags of public pages: `catalogue` (products, facilitators), `articles`, `static` (terms, contact). */
export type PageTag = 'catalogue' | 'articles' | 'static';

/** How long a public page may be served from memory; a catalogue change drops it at once anyway. */
export const PAGE_MAX_AGE = 300;

type PageContext = {
  locals: App.Locals;
  cache: { set(options: { maxAge?: number; tags?: string[] }): void };
};

/**
 * Marks this answer cacheable under `tags`. For a visitor without a session: one copy per URL and language, shared
 * by every such visitor. For a signed-in caller: a copy under their own key (never shown to anyone else), also
 * tagged with their id so any event concerning them (a purchase, a log-out, an erasure) drops it, and kept at most
 * until `until` (when what they see changes by the clock alone, e.g. an access window ending). Only for answers
 * that carry nothing time-limited or secret (no signed links).
 */
export function cacheForCaller(astro: PageContext, tags: PageTag[], until: Date | null = null) {
  const user = astro.locals.user;
  if (!user) {
    astro.locals.cacheable = true;
    astro.cache.set({ maxAge: PAGE_MAX_AGE, tags });
    return;
  }
  const seconds = until ? Math.floor((until.getTime() - Date.now()) / 1000) : PAGE_MAX_AGE;
  if (seconds > 0) astro.cache.set({ maxAge: Math.min(PAGE_MAX_AGE, seconds), tags: [...tags, userTag(user.id)] });
}

/**
 * `cacheForCaller` for a page that marks what the caller owns (the offer, a product, the home page): a signed-in
 * caller's copy lasts until their soonest access window ends, when the marks change without any event.
 */
export async function cacheShowingOwnership(astro: PageContext) {
  const user = astro.locals.user;
  cacheForCaller(astro, ['catalogue'], user ? await astro.locals.runtime.services.catalogue.ownershipChangesAt(user.id) : null);
}

/** Drops cached pages carrying any of `tags` (after a committed catalogue or article change, or one concerning a user). */
export async function invalidatePages(tags: (PageTag | `user:${string}`)[]) {
  await activePageCache()?.invalidate({ tags });
}
