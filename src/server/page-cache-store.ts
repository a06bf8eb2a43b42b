/**
 * Where cached public pages live: an `lru-cache` bounded by bytes, one entry per page URL and language,
 * holding the finished answer (status, headers, body already compressed per encoding). Astro's route
 * cache API fills it (`cacheForCaller` → our cache provider, page-cache-provider.ts) and drops it by tag;
 * the front server (front-server.ts) answers hits from it before Astro runs at all.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Lang } from '../i18n/index.ts';
import { compressAll, compressOnce, type Encoding } from './compression.ts';
import { narrowedHeaders } from './page-csp.ts';

export type CachedPage = {
  status: number;
  /** Lower-case names; never `set-cookie` (the language cookie is added per answer). */
  headers: [string, string][];
  /** Every encoding for a public page; for a signed-in caller's copy, the one their client asked for (and identity). */
  bodies: Partial<Record<Encoding, Buffer>>;
  etag: string;
  tags: string[];
  storedAt: number;
  /** Whether its bodies are at the slow, small setting yet (a public page, once it was asked for again). */
  final?: boolean;
};

/** Bodies and headers of every cached public page together stay under this (the whole site, both languages: < 10 MB). */
const MAX_BYTES = 16 * 1024 * 1024;
/** Copies kept for one signed-in caller each have their own budget: many users never push the public pages out. */
const MAX_CALLER_BYTES = 8 * 1024 * 1024;
/**
 * Public pages asked for with a query of their own (`?waluta=EUR`, or any made-up parameter: each value is a new
 * page) have theirs too: a stream of one-off addresses pushes out only its like, never the site's pages.
 */
const MAX_QUERIED_BYTES = 4 * 1024 * 1024;
/**
 * A signed-in caller's key (see pageKey): their copies are read a few times each, by one client, so they are
 * compressed once, quickly, in the encoding that client asked for; another encoding is a miss.
 */
const isCallerKey = (key: string) => key.startsWith(' u:', 2);
/** A public key whose query holds more than the language (pageKey sorts the parameters and drops tracking ones). */
const isQueriedKey = (key: string) => {
  const q = key.indexOf('?');
  return q >= 0 && key.slice(q + 1).split('&').some((param) => !param.startsWith('lang='));
};
/** The tag of every answer kept for one signed-in user: any event concerning them drops it. */
export const userTag = (userId: string): `user:${string}` => `user:${userId}`;
const isUserTag = (tag: string) => tag.startsWith('user:');
/** Public pages waiting for their slow compression at most; a page asked for while the queue is full waits for its next hit. */
const MAX_WAITING_RECOMPRESSIONS = 16;
/** Query parameters that only track where a visitor came from: the page is the same without them. */
const TRACKING = /^(utm_.*|fbclid|gclid|gbraid|wbraid|msclkid|yclid|mc_cid|mc_eid|_ga|_gl)$/i;

const sizeOf = (page: CachedPage) =>
  (page.bodies.identity?.length ?? 0) + (page.bodies.br?.length ?? 0) + (page.bodies.gzip?.length ?? 0)
  + page.headers.reduce((n, [k, v]) => n + k.length + v.length, 0) + 200;

/** `variant` is the page's language as the middleware resolves it (query, else cookie), with a signed-in caller's id. */
export function pageKey(pathAndQuery: string, lang: Lang | `${Lang} u:${string}`): string {
  const q = pathAndQuery.indexOf('?');
  if (q < 0) return `${lang} ${pathAndQuery}`;
  const params = new URLSearchParams(pathAndQuery.slice(q + 1));
  const kept = new URLSearchParams(Array.from(params).filter(([name]) => !TRACKING.test(name)));
  kept.sort();
  const query = kept.toString();
  return `${lang} ${pathAndQuery.slice(0, q)}${query ? `?${query}` : ''}`;
}

/**
 * The headers of a stored page as answered in `encoding`. `Age` says how long ago it was rendered and
 * `X-Astro-Cache: HIT` that it came from the cache, as Astro's own memory provider says it.
 */
export function cachedHeaders(page: CachedPage, encoding: Encoding): [string, string][] {
  const headers: [string, string][] = [...page.headers, ['etag', page.etag], ['x-astro-cache', 'HIT'],
    ['age', String(Math.max(0, Math.floor((Date.now() - page.storedAt) / 1000)))]];
  if (encoding !== 'identity') headers.push(['content-encoding', encoding]);
  return headers;
}

export type PageStore = {
  get(key: string): CachedPage | undefined;
  /**
   * The count of invalidations that can concern `key`; a render that began before one must not be stored after it.
   * A public page carries no user's tag, so what is dropped for one user (any event of theirs) does not hold it back.
   */
  generation(key: string): number;
  /** `wanted`: the encoding the filling request asked for, all a signed-in caller's copy gets. */
  put(key: string, generation: number, page: Omit<CachedPage, 'bodies' | 'etag' | 'storedAt'>, body: Buffer, maxAgeSeconds: number, wanted: Encoding): CachedPage | null;
  /** Resolves when no public page is waiting to be compressed again (tests). */
  recompressed(): Promise<void>;
  invalidate(tags: readonly string[]): void;
};

function createPageStore(): PageStore {
  const pages = new LRUCache<string, CachedPage>({ maxSize: MAX_BYTES, sizeCalculation: sizeOf });
  const callers = new LRUCache<string, CachedPage>({ maxSize: MAX_CALLER_BYTES, sizeCalculation: sizeOf });
  const queried = new LRUCache<string, CachedPage>({ maxSize: MAX_QUERIED_BYTES, sizeCalculation: sizeOf });
  const partOf = (key: string) => (isCallerKey(key) ? callers : isQueriedKey(key) ? queried : pages);
  /** Bumped by every invalidation (signed-in callers' copies) and by those of public tags (public pages). */
  let callerGeneration = 0;
  let publicGeneration = 0;
  const generationOf = (key: string) => (isCallerKey(key) ? callerGeneration : publicGeneration);
  let recompressing: Promise<void> = Promise.resolve();
  let waiting = 0;
  /**
   * A public page is stored as rendered, compressed at the fast setting, so the request that filled it is not kept
   * waiting for brotli 11 (45 ms for the home page); once it is asked for again it is recompressed at the slow one and
   * its CSP narrowed to its own inline hashes (page-csp.ts), in the background: a page requested once (a one-off query
   * string, say) never costs either. One at a time, a bounded queue.
   */
  function recompress(key: string, page: CachedPage) {
    if (waiting >= MAX_WAITING_RECOMPRESSIONS) return;
    page.final = true;
    waiting += 1;
    recompressing = recompressing.then(async () => {
      try {
        const bodies = await compressAll(page.bodies.identity!);
        if (partOf(key).peek(key) !== page) return;
        page.bodies = bodies;
        page.headers = narrowedHeaders(page.headers, bodies.identity);
      } catch { page.final = false; } finally { waiting -= 1; }
    });
  }
  return {
    get(key) {
      const page = partOf(key).get(key);
      if (page && !page.final && !isCallerKey(key)) recompress(key, page);
      return page;
    },
    generation: generationOf,
    recompressed: () => recompressing,
    put(key, atGeneration, page, body, maxAgeSeconds, wanted) {
      if (atGeneration !== generationOf(key)) return null;
      const caller = isCallerKey(key);
      const bodies = !caller ? { identity: body, br: compressOnce(body, 'br'), gzip: compressOnce(body, 'gzip') }
        : wanted === 'identity' ? { identity: body } : { identity: body, [wanted]: compressOnce(body, wanted) };
      const stored: CachedPage = {
        ...page, bodies, storedAt: Date.now(),
        etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      };
      partOf(key).set(key, stored, { ttl: maxAgeSeconds * 1000 });
      return stored;
    },
    invalidate(tags) {
      callerGeneration += 1;
      if (!tags.every(isUserTag)) publicGeneration += 1;
      for (const store of [pages, queried, callers]) {
        for (const [key, page] of store.entries()) if (page.tags.some((t) => tags.includes(t))) store.delete(key);
      }
    },
  };
}

const STORE = Symbol.for('gestalt.pageStore');

/** The one store of this process (the front server and Astro's provider are bundled apart). */
export function pageStore(): PageStore {
  const holder = globalThis as Record<symbol, PageStore | undefined>;
  holder[STORE] ??= createPageStore();
  return holder[STORE];
}
