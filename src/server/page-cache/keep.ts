/**
 * Applies a route's declaration (routes.ts) to its answer, after the route rendered: tells Astro's route cache how long
 * and under which tags the answer may be kept, for whom it was rendered (a signed-in caller's tag), and whether shared
 * caches may keep it. The provider (provider.ts) reads that back when it stores.
 */
import type { APIContext } from 'astro';
import { keepOf } from './routes.ts';
import { pageStore } from './registry.ts';
import { userTag, type PageTag, type UserTag } from './store.ts';

/** How long a kept answer may be served from memory; a change it shows drops it at once anyway. */
export const PAGE_MAX_AGE = 300;

/**
 * For a route whose declaration allows keeping: this very answer must not be (it carries something time-limited or
 * secret). Said on the request's locals, which whatever copy of this module reads it sees.
 */
export const keepNot = (context: { locals: App.Locals }) => { context.locals.keepNot = true; };

type Context = Pick<APIContext, 'request' | 'routePattern' | 'cache' | 'locals'>;

/**
 * Marks `response` to be kept as its route declares, for the visitor it was rendered for. `hasSession`: the request
 * carried a session token (valid or not): its answer is never a public one. Answers whether it is a public page, which
 * shared caches may keep too.
 */
export async function applyKeep(context: Context, response: Response, hasSession: boolean): Promise<boolean> {
  const keep = keepOf(context.routePattern);
  const { method } = context.request;
  if (keep.for === 'never' || response.status !== 200 || (method !== 'GET' && method !== 'HEAD') || context.locals.keepNot) return false;
  const user = context.locals.user;
  if (!user) {
    if (hasSession || keep.for === 'per-user') return false;
    context.cache.set({ maxAge: PAGE_MAX_AGE, tags: [...keep.tags] });
    return true;
  }
  const until = keep.for === 'public' && keep.until === 'ownership-changes'
    ? await context.locals.runtime.services.catalogue.ownershipChangesAt(user.id) : null;
  const seconds = until ? Math.floor((until.getTime() - Date.now()) / 1000) : PAGE_MAX_AGE;
  if (seconds <= 0) return false;
  context.cache.set({ maxAge: Math.min(PAGE_MAX_AGE, seconds), tags: [...keep.tags, userTag(user.id)] });
  return false;
}

/** Drops kept answers carrying any of `tags` (after a committed catalogue or article change, or one concerning a user). */
export function invalidatePages(tags: readonly (PageTag | UserTag)[]) {
  pageStore().invalidate(tags);
}
