/**
 * The HTTP server in front of Astro. A kept page (store.ts) and a precompressed build file are answered here from
 * memory, already compressed; everything else goes to @astrojs/node's handler (Astro's app: middleware, pages,
 * endpoints, other static files). The request observer (src/server/http-observer.ts) sees every request of this
 * server (ids, logging) and hands it the default headers, which this server writes on every path: for a cached
 * answer in one writeHead with the headers stored from the rendered one, elsewhere set before anything else, so they
 * are the same whichever path answers.
 */
import { readFileSync } from 'node:fs';
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { TrustProxy } from '../../../modules/shared/config/index.ts';
import { LANG_COOKIE, resolveLang } from '../../i18n/index.ts';
import { bodyDeadlines } from '../body-deadlines.ts';
import { resolveClient } from '../client.ts';
import { streamsItsBody } from '../streamed-bodies.ts';
import type { DefaultHeaders, HttpObserver } from '../http-observer.ts';
import { cookieValue, langSetCookie } from '../cookies.ts';
import { negotiate } from './compression.ts';
import { pageStore, registry } from './registry.ts';
import { cachedHeaders } from './store.ts';
import { UNKNOWN_SESSION, visitorOf } from './visitor.ts';

/**
 * How long a client may take, so that idle and half-sent connections cannot hold the server when it is exposed
 * without a proxy: the request's headers within 10 s, the whole request within 30 s (no route takes a body over
 * 64 KB), an upload's body a byte at least every 30 s however long it takes (body-deadlines.ts), an idle keep-alive
 * connection 5 s. Checked every second (Node's default, 30 s, would let a slow client stay that much longer).
 */
export const TIMEOUTS = { headersMs: 10_000, requestMs: 30_000, uploadIdleMs: 30_000, keepAliveMs: 5_000, checkEveryMs: 1_000 } as const;

/**
 * Methods the Fetch API refuses to make a Request of, so Astro cannot route them (the adapter would answer 500):
 * handed to Astro as OPTIONS, with the method in a header (the adapter's standalone handler passes no locals), for
 * the edge to answer 405 with the route's `Allow`. A client sending that header itself only gets its own OPTIONS
 * refused. CONNECT never gets here (Node hands it to the server's `connect` event, which closes the socket).
 */
const UNROUTABLE = new Set(['TRACE', 'TRACK']);
export const UNSERVED_METHOD_HEADER = 'x-gestalt-unserved-method';

const queryParam = (query: string, name: string) => (query ? new URLSearchParams(query).get(name) : null);

function answerFromCache(req: IncomingMessage, res: ServerResponse, trust: TrustProxy, defaults: DefaultHeaders): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || registry().behind()) return false;
  const cookie = req.headers.cookie;
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const langQuery = queryParam(q < 0 ? '' : url.slice(q + 1), 'lang');
  const visitor = visitorOf(req.headers.authorization, cookie, langQuery);
  if (visitor === UNKNOWN_SESSION) return false;
  const page = pageStore().get(visitor, url);
  if (!page) return false;
  const encoding = negotiate(req.headers['accept-encoding']);
  const body = page.bodies[encoding];
  if (!body) return false;

  // The whole header list in one writeHead on a response nobody set a header on: Node's fast path.
  const notModified = req.headers['if-none-match'] === page.etag;
  const head = defaults.list(req, cachedHeaders(page, notModified ? 'identity' : encoding));
  if (resolveLang(langQuery, cookieValue(cookie, LANG_COOKIE)).persist) {
    head.push('Set-Cookie', langSetCookie(visitor.lang, resolveClient(req.socket.remoteAddress, (name) => req.headers[name], trust).https));
  }
  if (notModified) {
    res.writeHead(304, head);
    res.end();
    return true;
  }
  head.push('Content-Length', String(body.length));
  res.writeHead(page.status, head);
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

type FrontServerOptions = {
  astro: RequestListener;
  serveStatic: (req: IncomingMessage, res: ServerResponse) => boolean;
  trust: TrustProxy;
  /** The request observer: this server writes the default headers of its responses itself. */
  observer: HttpObserver;
  host: string;
  port: number;
  /** Files of the certificate and its key: https when given, else plain http behind a proxy (as @astrojs/node's standalone server). */
  tls: { certPath: string; keyPath: string } | null;
};

export function startFrontServer(opts: FrontServerOptions): http.Server {
  let defaults: DefaultHeaders;
  const bodies = bodyDeadlines({ wholeMs: TIMEOUTS.requestMs, idleMs: TIMEOUTS.uploadIdleMs, checkEveryMs: TIMEOUTS.checkEveryMs, streamed: streamsItsBody });
  const listener: RequestListener = (req, res) => {
    bodies.watch(req, res);
    try {
      decodeURI(req.url ?? '/');
    } catch {
      defaults.set(req, res);
      return opts.astro(req, res);
    }
    if (answerFromCache(req, res, opts.trust, defaults)) return;
    defaults.set(req, res);
    if (opts.serveStatic(req, res)) return;
    const method = req.method ?? 'GET';
    if (UNROUTABLE.has(method)) {
      req.method = 'OPTIONS';
      req.headers[UNSERVED_METHOD_HEADER] = method;
    }
    opts.astro(req, res);
  };
  const options: http.ServerOptions = {
    // Bodies are timed by `bodies` (an upload may take as long as it keeps moving); Node times the headers.
    headersTimeout: TIMEOUTS.headersMs, requestTimeout: 0, connectionsCheckingInterval: TIMEOUTS.checkEveryMs,
  };
  const server = opts.tls
    ? https.createServer({ ...options, key: readFileSync(opts.tls.keyPath), cert: readFileSync(opts.tls.certPath) }, listener)
    : http.createServer(options, listener);
  server.keepAliveTimeout = TIMEOUTS.keepAliveMs;
  defaults = opts.observer.writtenBy(server);
  server.listen(opts.port, opts.host);
  return server;
}
