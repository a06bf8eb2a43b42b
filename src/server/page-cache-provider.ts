/**
 * Astro's memory cache, keyed per visitor variant. Astro's cache runs before our middleware and keys
 * entries by URL only, so on its own it would hand a page rendered for one language (cookie) or one
 * signed-in user to everybody. This wrapper:
 * - never reads nor stores anything for a request carrying a session (cookie or Bearer header): a
 *   signed-in page (account menu, owned items) is always rendered for that user;
 * - adds the visitor's language (resolved exactly as the middleware does) to the cache key, so the
 *   Polish and English pages of one URL are two entries.
 * Pages opt in with `cacheForVisitors` (src/server/page-cache.ts); catalogue changes drop entries by tag.
 */
import type { CacheProvider, CacheProviderFactory } from 'astro';
import memoryProvider from 'astro/cache/memory';
import { LANG_COOKIE, resolveLang } from '../i18n/index.ts';
import { withHeaders } from './http.ts';
import { SESSION_COOKIE } from './session.ts';

const REGISTRY = Symbol.for('gestalt.pageCache');
export const VARIANT_PARAM = '__variant';

function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/** 'private' for a request with a session, otherwise the language its page is rendered in. */
export function visitorVariant(request: Request): 'private' | 'pl' | 'en' {
  const cookies = request.headers.get('cookie');
  if (request.headers.get('authorization') || cookieValue(cookies, SESSION_COOKIE)) return 'private';
  const url = new URL(request.url);
  return resolveLang(url.searchParams.get('lang'), cookieValue(cookies, LANG_COOKIE)).lang;
}

/** The active provider of this process, for invalidation from outside a request. */
export const activePageCache = (): CacheProvider | undefined => (globalThis as Record<symbol, CacheProvider | undefined>)[REGISTRY];

const factory: CacheProviderFactory = (config) => {
  const inner = memoryProvider(config);
  const provider: CacheProvider = {
    name: 'memory-per-visitor',
    async onRequest(context, next) {
      const variant = visitorVariant(context.request);
      if (context.request.method !== 'GET' || variant === 'private' || !inner.onRequest) return next();
      const keyed = new URL(context.request.url);
      keyed.searchParams.set(VARIANT_PARAM, variant);
      const request = new Request(keyed, { headers: context.request.headers });
      // Added outside the inner cache, which refuses to store a response that varies by cookie.
      return withHeaders(await inner.onRequest({ ...context, request, url: keyed }, next), {}, 'Cookie');
    },
    invalidate: (options) => inner.invalidate(options),
  };
  (globalThis as Record<symbol, CacheProvider>)[REGISTRY] = provider;
  return provider;
};

export default factory;
