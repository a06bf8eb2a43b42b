/**
 * Where kept answers live: `lru-cache`s bounded by bytes, one entry per URL and visitor (routes.ts declares which
 * answers, and for whom), holding the finished answer (status, headers, body already compressed per encoding). The cache
 * provider (provider.ts) fills it after Astro rendered; the front server (front-server.ts) answers hits from it before
 * Astro runs at all; tags drop entries (invalidatePages).
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { createInvalidation } from '../../../modules/shared/memory/index.ts';
import { compressAll, compressOnce, type Encoding } from './compression.ts';
import { narrowedHeaders } from './csp.ts';
import type { Visitor } from './types.ts';

/** Cache tags of public pages: `catalogue` (products, facilitators), `articles`, `static` (terms, contact). */
export type PageTag = 'catalogue' | 'articles' | 'static';
/** The tag of every answer kept for one signed-in user: any event concerning them drops it. */
export type UserTag = `user:${string}`;
export const userTag = (userId: string): UserTag => `user:${userId}`;
const isUserTag = (tag: string) => tag.startsWith('user:');

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
/** A path whose query holds more than the language (`normalPath` sorts the parameters and drops tracking ones). */
const isQueried = (path: string) => {
  const q = path.indexOf('?');
  return q >= 0 && path.slice(q + 1).split('&').some((param) => !param.startsWith('lang='));
};
/** Public pages waiting for their slow compression at most; a page asked for while the queue is full waits for its next hit. */
const MAX_WAITING_RECOMPRESSIONS = 16;
/** Query parameters that only track where a visitor came from: the page is the same without them. */
const TRACKING = /^(utm_.*|fbclid|gclid|gbraid|wbraid|msclkid|yclid|mc_cid|mc_eid|_ga|_gl)$/i;

const sizeOf = (page: CachedPage) =>
  (page.bodies.identity?.length ?? 0) + (page.bodies.br?.length ?? 0) + (page.bodies.gzip?.length ?? 0)
  + page.headers.reduce((n, [k, v]) => n + k.length + v.length, 0) + 200;

/** A URL's path and query as a page's address: its parameters sorted, tracking ones dropped (the page is the same). */
function normalPath(pathAndQuery: string): string {
  const q = pathAndQuery.indexOf('?');
  if (q < 0) return pathAndQuery;
  const params = new URLSearchParams(pathAndQuery.slice(q + 1));
  const kept = new URLSearchParams(Array.from(params).filter(([name]) => !TRACKING.test(name)));
  kept.sort();
  const query = kept.toString();
  return `${pathAndQuery.slice(0, q)}${query ? `?${query}` : ''}`;
}

/**
 * The entry of one URL for one visitor. Public pages and signed-in callers' copies sit in stores of their own, so the
 * user never has to be read back out of the key.
 */
const entryOf = (visitor: Visitor, pathAndQuery: string) =>
  (visitor.user === null ? `${visitor.lang} ${normalPath(pathAndQuery)}` : `${visitor.lang} ${visitor.user} ${normalPath(pathAndQuery)}`);

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
  /** The copy of `pathAndQuery` (as requested) kept for `visitor`. */
  get(visitor: Visitor, pathAndQuery: string): CachedPage | undefined;
  /**
   * The count of invalidations that can concern `visitor`'s copies; a render that began before one must not be stored after it.
   * A public page carries no user's tag, so what is dropped for one user (any event of theirs) does not hold it back.
   */
  generation(visitor: Visitor): number;
  /**
   * Keeps `body` as `visitor`'s copy, unless an invalidation concerning it came after `generation`. `wanted`: the
   * encoding the filling request asked for, all a signed-in caller's copy gets (read a few times by one client, it is
   * compressed once, quickly, in that encoding; another encoding is a miss).
   */
  put(visitor: Visitor, pathAndQuery: string, generation: number, page: Omit<CachedPage, 'bodies' | 'etag' | 'storedAt'>, body: Buffer, maxAgeSeconds: number, wanted: Encoding): CachedPage | null;
  /** Resolves when no public page is waiting to be compressed again (tests). */
  recompressed(): Promise<void>;
  invalidate(tags: readonly string[]): void;
};

export function createPageStore(): PageStore {
  const pages = new LRUCache<string, CachedPage>({ maxSize: MAX_BYTES, sizeCalculation: sizeOf });
  const callers = new LRUCache<string, CachedPage>({ maxSize: MAX_CALLER_BYTES, sizeCalculation: sizeOf });
  const queried = new LRUCache<string, CachedPage>({ maxSize: MAX_QUERIED_BYTES, sizeCalculation: sizeOf });
  const partOf = (visitor: Visitor, entry: string) => (visitor.user !== null ? callers : isQueried(entry) ? queried : pages);
  /** Every invalidation stales signed-in callers' renders in flight; only those of public tags stale public ones. */
  const callerRenders = createInvalidation();
  const publicRenders = createInvalidation();
  const rendersOf = (visitor: Visitor) => (visitor.user !== null ? callerRenders : publicRenders);
  let recompressing: Promise<void> = Promise.resolve();
  let waiting = 0;
  /**
   * A public page is stored as rendered, compressed at the fast setting, so the request that filled it is not kept
   * waiting for brotli 11; once it is asked for again it is recompressed at the slow one and
   * its CSP narrowed to its own inline hashes (csp.ts), in the background: a page requested once (a one-off query
   * string, say) never costs either. One at a time, a bounded queue.
   */
  function recompress(part: LRUCache<string, CachedPage>, entry: string, page: CachedPage) {
    if (waiting >= MAX_WAITING_RECOMPRESSIONS) return;
    page.final = true;
    waiting += 1;
    recompressing = recompressing.then(async () => {
      try {
        const bodies = await compressAll(page.bodies.identity!);
        if (part.peek(entry) !== page) return;
        page.bodies = bodies;
        page.headers = narrowedHeaders(page.headers, bodies.identity);
      } catch { page.final = false; } finally { waiting -= 1; }
    });
  }
  return {
    get(visitor, pathAndQuery) {
      const entry = entryOf(visitor, pathAndQuery);
      const part = partOf(visitor, entry);
      const page = part.get(entry);
      if (page && !page.final && visitor.user === null) recompress(part, entry, page);
      return page;
    },
    generation: (visitor) => rendersOf(visitor).ticket(),
    recompressed: () => recompressing,
    put(visitor, pathAndQuery, atGeneration, page, body, maxAgeSeconds, wanted) {
      if (!rendersOf(visitor).holds(atGeneration)) return null;
      const caller = visitor.user !== null;
      const bodies = !caller ? { identity: body, br: compressOnce(body, 'br'), gzip: compressOnce(body, 'gzip') }
        : wanted === 'identity' ? { identity: body } : { identity: body, [wanted]: compressOnce(body, wanted) };
      const stored: CachedPage = {
        ...page, bodies, storedAt: Date.now(),
        etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      };
      const entry = entryOf(visitor, pathAndQuery);
      partOf(visitor, entry).set(entry, stored, { ttl: maxAgeSeconds * 1000 });
      return stored;
    },
    invalidate(tags) {
      callerRenders.invalidate();
      if (!tags.every(isUserTag)) publicRenders.invalidate();
      // A Set: one commit may name thousands of users ("all present" of a session), each page has a few tags.
      const dropped = new Set(tags);
      for (const store of [pages, queried, callers]) {
        for (const [key, page] of store.entries()) if (page.tags.some((t) => dropped.has(t))) store.delete(key);
      }
    },
  };
}
