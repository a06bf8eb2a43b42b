/**
 * Astro's route cache provider (named in astro.config.mjs), keyed per visitor and storing into our page store
 * (store.ts), from which the front server answers hits before Astro runs. Astro's cache runs before our middleware
 * and knows only the URL, so on its own it would hand a page rendered for one language (cookie) or one signed-in
 * user to everybody. This provider:
 * - keys by the visitor (visitor.ts): the language, resolved exactly as the middleware does, and for a request
 *   carrying a session the user, only when this process knows the session from memory; a session it cannot vouch
 *   for is rendered and never stored;
 * - stores an answer only when its route's declaration allowed it for that visitor (routes.ts, applied by keep.ts
 *   through Astro's `cache.set`: max-age and tags) and it sets no cookie but the language one, which the front
 *   server adds per answer when the query changes the preference: a signed-in caller's copy only when it carries that
 *   very user's tag, a public page only when nothing in it says it was rendered for a session;
 * - compresses every answer Astro renders (a stored page in every encoding at fill, quickly; a public page again at
 *   the smallest setting, with its CSP narrowed to its own inline hashes, once it is asked for a second time);
 * - says how long a rendered answer took (Server-Timing).
 * Catalogue and article changes, and any event concerning a user, drop entries by tag on every instance
 * (invalidatePages, from the runtime following the event log).
 */
import type { CacheProvider, CacheProviderFactory } from 'astro';
import { LANG_COOKIE, resolveLang } from '../../i18n/index.ts';
import { cookieValue } from '../cookies.ts';
import { astroSetCookies, keepAstroCookies } from '../astro-internals.ts';
import { asBody, compressResponse, negotiate, varyWithEncoding } from './compression.ts';
import { pageStore, registry } from './registry.ts';
import { cachedHeaders, userTag } from './store.ts';
import { UNKNOWN_SESSION, visitorOf, type Visitor } from './visitor.ts';

function maxAgeOf(cdnCacheControl: string | null): number {
  const m = /(?:^|,)\s*max-age=(\d+)/i.exec(cdnCacheControl ?? '');
  return m ? Number(m[1]) : 0;
}

/** Headers written with a page, whether rendered or from the store (Astro drops its own cache headers). */
const NOT_STORED = new Set(['set-cookie', 'cdn-cache-control', 'cache-tag', 'content-length', 'content-encoding', 'x-astro-cache']);

const withCookiesOf = (from: Response, to: Response) => { keepAstroCookies(from, to); return to; };

/**
 * Whether an answer with these tags and headers may be kept as `visitor`'s copy. A signed-in caller's copy must carry
 * their own tag (their route chose to keep it for them). A public page must show no sign of having been rendered for a
 * session (no user's tag, not private): the key says the request had none, and this holds even if what the key reads
 * of a request ever disagreed with what the page read.
 */
function mayKeepFor(visitor: Visitor, tags: readonly string[], cacheControl: string | null): boolean {
  if (visitor.user !== null) return tags.includes(userTag(visitor.user));
  return !tags.some((tag) => tag.startsWith('user:')) && !/\b(private|no-store)\b/i.test(cacheControl ?? '');
}

const factory: CacheProviderFactory = () => {
  const store = pageStore();
  const provider: CacheProvider = {
    name: 'page-store-per-visitor',
    // What `cache.set` (keep.ts) said, as headers on the rendered answer for `answer` below to read back (Astro removes
    // both before the answer leaves).
    setHeaders(options) {
      const headers = new Headers();
      if (options.maxAge !== undefined) headers.set('cdn-cache-control', `max-age=${options.maxAge}`);
      if (options.tags?.length) headers.set('cache-tag', options.tags.join(', '));
      return headers;
    },
    async onRequest(context, next) {
      const started = performance.now();
      const response = await answer(context, next);
      // How long the server spent on a rendered answer (browsers' devtools and the benchmark read it); a redirect's
      // headers are immutable and go without.
      try { response.headers.set('server-timing', `render;dur=${(performance.now() - started).toFixed(1)}`); } catch { /* immutable */ }
      return response;
    },
    async invalidate(options) {
      const tags = options.tags === undefined ? [] : Array.isArray(options.tags) ? options.tags : [options.tags];
      store.invalidate(tags);
    },
  };

  async function answer(...[context, next]: Parameters<NonNullable<CacheProvider['onRequest']>>): Promise<Response> {
    const { request } = context;
    const encoding = negotiate(request.headers.get('accept-encoding'));
    const url = new URL(request.url);
    const cookie = request.headers.get('cookie');
    const visitor = visitorOf(request.headers.get('authorization'), cookie, url.searchParams.get('lang'));
    if (request.method !== 'GET' || visitor === UNKNOWN_SESSION) return compressResponse(await next(), encoding, request.method);

    const path = url.pathname + url.search;
    const hit = registry().behind() ? undefined : store.get(visitor, path);
    // A hit normally never gets here (the front server answers it); one that must set the language cookie renders.
    const hitBody = hit?.bodies[encoding];
    if (hit && hitBody && !resolveLang(url.searchParams.get('lang'), cookieValue(cookie, LANG_COOKIE)).persist) {
      return new Response(asBody(hitBody), { status: hit.status, headers: new Headers(cachedHeaders(hit, encoding)) });
    }
    const generation = store.generation(visitor);
    const response = await next();
    const maxAge = maxAgeOf(response.headers.get('cdn-cache-control'));
    const onlyLangCookie = astroSetCookies(response).every((c) => c.startsWith(`${LANG_COOKIE}=`));
    if (response.status !== 200 || maxAge <= 0 || !onlyLangCookie || !response.body) return compressResponse(response, encoding, request.method);

    const body = Buffer.from(await response.arrayBuffer());
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => { if (!NOT_STORED.has(name)) headers.push([name, name === 'vary' ? varyWithEncoding(value) : value]); });
    if (!headers.some(([n]) => n === 'vary')) headers.push(['vary', 'Accept-Encoding']);
    const tags = (response.headers.get('cache-tag') ?? '').split(',').map((t) => t.trim()).filter(Boolean);
    const page = mayKeepFor(visitor, tags, response.headers.get('cache-control'))
      ? store.put(visitor, path, generation, { status: 200, headers, tags }, body, maxAge, encoding) : null;
    if (!page) return compressResponse(withCookiesOf(response, new Response(asBody(body), response)), encoding, request.method);
    const headersOut = new Headers(cachedHeaders(page, encoding));
    headersOut.delete('age');
    headersOut.set('x-astro-cache', 'MISS');
    return withCookiesOf(response, new Response(asBody(page.bodies[encoding] ?? body), { status: 200, headers: headersOut }));
  }
  return provider;
};

export default factory;
