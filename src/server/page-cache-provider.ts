/**
 * Astro's route cache provider, keyed per visitor variant and storing into our page store
 * (page-cache-store.ts, an lru-cache by bytes), from which the front server answers hits before Astro
 * runs. Astro's cache runs before our middleware and knows only the URL, so on its own it would hand a
 * page rendered for one language (cookie) or one signed-in user to everybody. This provider:
 * - for a request carrying a session (cookie or Bearer header), keys by the user only when this process knows
 *   the session from memory (accounts' remembered sessions), and stores only an answer the route tagged for that
 *   very user; a session it cannot vouch for is rendered and never stored;
 * - adds the visitor's language (resolved exactly as the middleware does) to the key, so the Polish and
 *   English pages of one URL are two entries;
 * - stores a page only when the route marked it (`cacheForCaller`, src/server/page-cache.ts: Astro's
 *   `cache.set` with max-age and tags) and it sets no cookie but the language one, which the front server
 *   adds per answer when the query changes the preference;
 * - compresses every answer Astro renders (a stored page in every encoding at fill, quickly; a public page again at
 *   the smallest setting, with its CSP narrowed to its own inline hashes, once it is asked for a second time:
 *   page-cache-store.ts);
 * - says how long a rendered answer took (Server-Timing).
 * Catalogue and article changes, and any event concerning a user, drop entries by tag on every instance
 * (onCommitted follows the event log).
 */
import type { CacheProvider, CacheProviderFactory } from 'astro';
import { LANG_COOKIE, resolveLang, type Lang } from '../i18n/index.ts';
import { asBody, astroSetCookies, compressResponse, keepAstroCookies, negotiate, varyWithEncoding } from './compression.ts';
import { cachedHeaders, pageKey, pageStore, userTag } from './page-cache-store.ts';
import { SESSION_COOKIE } from './session.ts';

export { userTag };

const REGISTRY = Symbol.for('gestalt.pageCache');

export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return part.slice(eq + 1).trim();
    }
  }
  return undefined;
}

/**
 * How this process tells who holds a session token without the database (accounts' remembered sessions, set by
 * the runtime): a user, null for a dead session, undefined when it cannot tell.
 */
type RecallSession = (token: string) => { id: string } | null | undefined;
const RECALL = Symbol.for('gestalt.recallSession');
export function recallSessionsWith(recall: RecallSession) { (globalThis as Record<symbol, RecallSession>)[RECALL] = recall; }

/** A visitor without a session: their language. A signed-in caller known from memory: language and `u:` user id. */
export type Variant = Lang | `${Lang} u:${string}`;

/**
 * The cache variant of a request: 'private' when it carries a session this process cannot vouch for from memory
 * (rendered for it, never stored), else the language its page is rendered in, with the user's id when signed in.
 */
export function visitorVariant(headers: { authorization?: string | null; cookie?: string | null }, langQuery: string | null): 'private' | Variant {
  const lang = resolveLang(langQuery, cookieValue(headers.cookie, LANG_COOKIE)).lang;
  const bearer = headers.authorization;
  const token = bearer ? (bearer.startsWith('Bearer ') ? bearer.slice(7).trim() : '') : cookieValue(headers.cookie, SESSION_COOKIE);
  if (token === undefined) return lang;
  const user = token ? (globalThis as Record<symbol, RecallSession | undefined>)[RECALL]?.(token) : undefined;
  return user ? `${lang} u:${user.id}` : 'private';
}

/** The language part of a variant. */
export const variantLang = (variant: Variant): Lang => variant.slice(0, 2) as Lang;
/** The user a variant was rendered for, if any. */
const variantUser = (variant: Variant): string | null => (variant.length > 2 ? variant.slice(5) : null);

/** The active provider of this process, for invalidation from outside a request. */
export const activePageCache = (): CacheProvider | undefined => (globalThis as Record<symbol, CacheProvider | undefined>)[REGISTRY];

function maxAgeOf(cdnCacheControl: string | null): number {
  const m = /(?:^|,)\s*max-age=(\d+)/i.exec(cdnCacheControl ?? '');
  return m ? Number(m[1]) : 0;
}

/** Headers written with a page, whether rendered or from the store (Astro drops its own cache headers). */
const NOT_STORED = new Set(['set-cookie', 'cdn-cache-control', 'cache-tag', 'content-length', 'content-encoding', 'x-astro-cache']);

const withCookiesOf = (from: Response, to: Response) => { keepAstroCookies(from, to); return to; };

const factory: CacheProviderFactory = () => {
  const store = pageStore();
  const provider: CacheProvider = {
    name: 'page-store-per-visitor',
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
    const variant = visitorVariant({ authorization: request.headers.get('authorization'), cookie: request.headers.get('cookie') }, url.searchParams.get('lang'));
    if (request.method !== 'GET' || variant === 'private') return compressResponse(await next(), encoding, request.method);

    const key = pageKey(url.pathname + url.search, variant);
    const hit = store.get(key);
    // A hit normally never gets here (the front server answers it); one that must set the language cookie renders.
    const hitBody = hit?.bodies[encoding];
    if (hit && hitBody && !resolveLang(url.searchParams.get('lang'), cookieValue(request.headers.get('cookie'), LANG_COOKIE)).persist) {
      return new Response(asBody(hitBody), { status: hit.status, headers: new Headers(cachedHeaders(hit, encoding)) });
    }
    const generation = store.generation(key);
    const response = await next();
    const maxAge = maxAgeOf(response.headers.get('cdn-cache-control'));
    const onlyLangCookie = astroSetCookies(response).every((c) => c.startsWith(`${LANG_COOKIE}=`));
    if (response.status !== 200 || maxAge <= 0 || !onlyLangCookie || !response.body) return compressResponse(response, encoding, request.method);

    const body = Buffer.from(await response.arrayBuffer());
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => { if (!NOT_STORED.has(name)) headers.push([name, name === 'vary' ? varyWithEncoding(value) : value]); });
    if (!headers.some(([n]) => n === 'vary')) headers.push(['vary', 'Accept-Encoding']);
    const tags = (response.headers.get('cache-tag') ?? '').split(',').map((t) => t.trim()).filter(Boolean);
    // A signed-in caller's answer is kept only when the route chose so for this very user (cacheForCaller).
    const user = variantUser(variant);
    const page = user && !tags.includes(userTag(user)) ? null
      : store.put(key, generation, { status: 200, headers, tags }, body, maxAge, encoding);
    if (!page) return compressResponse(withCookiesOf(response, new Response(asBody(body), response)), encoding, request.method);
    const headersOut = new Headers(cachedHeaders(page, encoding));
    headersOut.delete('age');
    headersOut.set('x-astro-cache', 'MISS');
    return withCookiesOf(response, new Response(asBody(page.bodies[encoding] ?? body), { status: 200, headers: headersOut }));
  }
  (globalThis as Record<symbol, CacheProvider>)[REGISTRY] = provider;
  return provider;
};

export default factory;
