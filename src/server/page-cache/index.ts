/**
 * The page cache: answers kept in memory per URL and visitor (public pages per language, a signed-in caller's own
 * copies), answered by the front server before Astro runs, filled by Astro's cache provider after a render, dropped by
 * tag when an event changes what they show. The rest of src/ imports only this file; astro.config.mjs names
 * provider.ts, which Astro loads itself.
 *
 * - routes.ts: which routes may be kept, and for whom (declared once per route); keep.ts applies it to an answer.
 * - visitor.ts: who a request is answered for (language, and user known from memory); registry.ts: the process-wide
 *   state the provider's separate copy of these modules shares.
 * - store.ts: the kept answers (csp.ts narrows a kept page's policy; compression.ts makes its encodings).
 * - front-server.ts, static-files.ts: the HTTP server that answers kept pages and precompressed files.
 */
export { applyKeep, invalidatePages, keepNot, PAGE_MAX_AGE } from './keep.ts';
export { ROUTES } from './routes.ts';
export { userTag } from './store.ts';
export { recallSessionsWith } from './visitor.ts';
export { holdPagesWhileBehind } from './registry.ts';
export { startFrontServer, TIMEOUTS, UNSERVED_METHOD_HEADER } from './front-server.ts';
export { loadStaticFiles } from './static-files.ts';
