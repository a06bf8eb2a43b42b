/**
 * The checks every request passes before a route sees it: the method is one the route serves, the URL
 * decodes to well-formed text, and a body is of a kind the route reads, valid UTF-8, parseable and
 * free of NUL bytes and lone surrogates. Whatever fails here is answered 4xx in the caller's language,
 * so no route can trip over hostile bytes and answer 5xx.
 */
import type { MessageKey } from '../i18n/index.ts';
import { chunksOf, drain } from './drain.ts';
import { STREAMED_BODIES } from './streamed-bodies.ts';
import { MALFORMED_URL_HEADER } from './raw-request.ts';

export type EdgeRefusal = { status: 400 | 405 | 413 | 415; key: MessageKey; allow?: string };
export type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'form'; value: URLSearchParams };

/**
 * Larger bodies than this are refused, declared or counted, and none of it kept: no route takes more than a contact
 * message. What is left of a refused body is drained first (drain.ts), so the client still sending it reads the 413.
 */
export const MAX_BODY_BYTES = 64 * 1024;

export type RouteKind = 'page' | 'endpoint' | 'not-found';
type Accepts = { methods: Set<string>; bodies: Set<'json' | 'form'> };

const endpointModules = import.meta.glob<Record<string, unknown>>('../pages/**/*.ts');
const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Route pattern of an endpoint file: `../pages/api/articles/index.ts` → `/api/articles`. */
const patternOf = (file: string) => file.slice('../pages'.length, -'.ts'.length).replace(/\/index$/, '') || '/';
const endpointFiles = new Map(Object.keys(endpointModules).map((file) => [patternOf(file), file]));

/**
 * Pages answer GET; these also take a POST: the API calls of spec section 7 that share a page's path,
 * the dev checkout's Pay form, and the pages whose contact form posts before its script has loaded.
 */
const PAGE_POSTS: Record<string, Set<'json' | 'form'>> = {
  '/forgot-password': new Set(['json']),
  '/reset-password': new Set(['json']),
  '/reset-password/[id]': new Set(['json']),
  '/dev-checkout/[id]': new Set(['form']),
  '/': new Set(['form']),
  '/kontakt': new Set(['form']),
  '/admin-sign-in/[token]': new Set(['form']),
  // The unsubscribe page's button and mail clients' RFC 8058 one-click POST.
  '/unsubscribe/[token]': new Set(['form']),
  // The withdrawal page's confirm button (same-origin only, like every other form: no cookie needed, the link is the key).
  '/odstapienie/[token]': new Set(['form']),
  // The waiting list offer's decline button (same-origin like the above: the signed link names the offer).
  '/oferta/[token]': new Set(['form']),
  // The personal join link's Join button, pressed without a sign-in (same-origin: a scanner's GET records no click).
  '/dolacz/[token]': new Set(['form']),
};
/**
 * Routes whose POST body is never read: the path alone says what to do. RFC 8058 lets a mail client send its
 * `List-Unsubscribe=One-Click` as multipart/form-data too, so any body type is taken (and ignored) here.
 */
const BODY_IGNORED = new Set(['/unsubscribe/[token]']);
/**
 * Routes a foreign site may POST to: a mail client's one-click unsubscribe comes from its own origin. Safe because
 * the action needs the link's unguessable token, uses no cookie and only ever removes mail.
 */
export const CROSS_SITE_ALLOWED = new Set(['/unsubscribe/[token]']);
/** Endpoints that also take a plain HTML form post (the navbar's log-out button works without script). */
const FORM_ENDPOINTS = new Set(['/logout']);

/** Endpoints are the `.ts` route files; a request no route matched renders the 404 page, whatever its method. */
export const routeKindOf = (pattern: string): RouteKind =>
  (endpointFiles.has(pattern) ? 'endpoint' : pattern === '/404' || pattern === '/500' ? 'not-found' : 'page');

const accepted = new Map<string, Promise<Accepts>>();

async function endpointAccepts(pattern: string): Promise<Accepts> {
  const file = endpointFiles.get(pattern);
  const exported = file ? Object.keys(await endpointModules[file]!()) : [];
  const methods = new Set(HTTP_METHODS.filter((m) => exported.includes(m) || exported.includes('ALL')));
  if (methods.has('GET')) methods.add('HEAD');
  return { methods, bodies: new Set(FORM_ENDPOINTS.has(pattern) ? ['json', 'form'] : ['json']) };
}

function acceptsOf(pattern: string, kind: Exclude<RouteKind, 'not-found'>): Promise<Accepts> {
  let found = accepted.get(pattern);
  if (!found) {
    const posts = PAGE_POSTS[pattern];
    found = kind === 'endpoint' ? endpointAccepts(pattern)
      : Promise.resolve({ methods: new Set(['GET', 'HEAD', ...(posts ? ['POST'] : [])]), bodies: posts ?? new Set() });
    accepted.set(pattern, found);
  }
  return found;
}

/** True when a decoded string would carry a NUL byte or half of a surrogate pair into a route. */
const isHostileText = (s: string) => s.includes('\u0000') || !s.isWellFormed();

function hasHostileText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isHostileText(value);
  if (depth > 32) return true;
  if (Array.isArray(value)) return value.some((v) => hasHostileText(v, depth + 1));
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => isHostileText(k) || hasHostileText(v, depth + 1));
  return false;
}

/** Path segments and query must percent-decode to well-formed text. */
export function checkUrl(url: URL, headers: Headers): EdgeRefusal | null {
  if (headers.has(MALFORMED_URL_HEADER)) return { status: 400, key: 'error.invalidRequest' };
  try {
    for (const part of [...url.pathname.split('/'), ...url.search.slice(1).split(/[&=]/)]) {
      if (isHostileText(decodeURIComponent(part.replace(/\+/g, ' ')))) return { status: 400, key: 'error.invalidRequest' };
    }
    return null;
  } catch {
    return { status: 400, key: 'error.invalidRequest' };
  }
}

export async function checkMethod(method: string, pattern: string, kind: RouteKind): Promise<EdgeRefusal | null> {
  if (kind === 'not-found') return null;
  const { methods } = await acceptsOf(pattern, kind);
  if (methods.has(method) || (method === 'OPTIONS' && methods.size > 0)) return null;
  return { status: 405, key: 'error.methodNotAllowed', allow: [...methods].join(', ') };
}

/** Reads and checks the body of a request that may carry one. */
export async function readBody(request: Request, pattern: string, kind: RouteKind): Promise<Body | EdgeRefusal> {
  if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return { kind: 'none' };
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (STREAMED_BODIES.has(pattern)) return { kind: 'none' };
  if (declared > MAX_BODY_BYTES) {
    if (request.body) await drain(chunksOf(request.body), { declared });
    return { status: 413, key: 'error.bodyTooLarge' };
  }
  const bytes = await readLimited(request);
  if (bytes === null) return { status: 413, key: 'error.bodyTooLarge' };
  if (BODY_IGNORED.has(pattern)) return { kind: 'none' };
  if (bytes.length === 0) return { kind: 'none' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { status: 400, key: 'error.invalidBody' };
  }
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const kindOfBody = type === 'application/json' || type.endsWith('+json') ? 'json' : type === 'application/x-www-form-urlencoded' ? 'form' : null;
  const { bodies } = kind === 'not-found' ? { bodies: new Set(['json', 'form']) } : await acceptsOf(pattern, kind);
  if (kindOfBody === null || !bodies.has(kindOfBody)) return { status: 415, key: 'error.unsupportedMediaType' };
  if (kindOfBody === 'form') {
    const value = new URLSearchParams(text);
    return [...value].some(([k, v]) => isHostileText(k) || isHostileText(v)) ? { status: 400, key: 'error.invalidBody' } : { kind: 'form', value };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { status: 400, key: 'error.invalidBody' };
  }
  return hasHostileText(value) ? { status: 400, key: 'error.invalidBody' } : { kind: 'json', value };
}

/**
 * The body's bytes, read from a copy so that a route reading its own raw bytes (the Stripe webhook's signature) still
 * can; null once more than MAX_BODY_BYTES arrive (a missing or false Content-Length), the rest then drained.
 */
async function readLimited(request: Request): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array();
  const copy = chunksOf(request.clone().body!);
  const kept: Uint8Array[] = [];
  let size = 0;
  for (let next = await copy.next(); !next.done; next = await copy.next()) {
    size += next.value.length;
    if (size > MAX_BODY_BYTES) {
      // The two are one stream teed: the original, never to be read now, is cancelled so that draining the copy does
      // not pile the rest up in it. Its cancel settles only once the copy's does too or the body ends: not awaited.
      request.body.cancel().catch(() => {});
      await drain(copy, { read: size });
      return null;
    }
    kept.push(next.value);
  }
  return Buffer.concat(kept);
}

export const isRefusal = (b: Body | EdgeRefusal): b is EdgeRefusal => 'status' in b;
