/**
 * The HTTP server in front of Astro. A cached public page (page-cache-store.ts) and a precompressed build
 * file are answered here from memory, already compressed; everything else goes to @astrojs/node's handler
 * (Astro's app: middleware, pages, endpoints, other static files). The request observer
 * (http-observer.ts) sees every request of this server (ids, logging) and hands it the default headers, which this
 * server writes on every path: for a cached answer in one writeHead with the headers stored from the rendered one,
 * elsewhere set before anything else, so they are the same whichever path answers.
 */
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import https from 'node:https';
import { readFileSync } from 'node:fs';
import type { TrustProxy } from '../../modules/shared/config/index.ts';
import { LANG_COOKIE, resolveLang } from '../i18n/index.ts';
import { resolveClient } from './client.ts';
import { negotiate } from './compression.ts';
import { cookieValue, variantLang, visitorVariant } from './page-cache-provider.ts';
import type { DefaultHeaders, HttpObserver } from './http-observer.ts';
import { cachedHeaders, pageKey, pageStore } from './page-cache-store.ts';

/** As the middleware sets it (src/middleware.ts): a year, the whole site, sent on top-level navigation. */
const LANG_COOKIE_ATTRIBUTES = `Max-Age=${60 * 60 * 24 * 365}; Path=/; SameSite=Lax`;

const queryParam = (query: string, name: string) => (query ? new URLSearchParams(query).get(name) : null);

function answerFromCache(req: IncomingMessage, res: ServerResponse, trust: TrustProxy, defaults: DefaultHeaders): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const cookie = req.headers.cookie;
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const langQuery = queryParam(q < 0 ? '' : url.slice(q + 1), 'lang');
  const variant = visitorVariant({ authorization: req.headers.authorization, cookie }, langQuery);
  if (variant === 'private') return false;
  const page = pageStore().get(pageKey(url, variant));
  if (!page) return false;
  const encoding = negotiate(req.headers['accept-encoding']);
  const body = page.bodies[encoding];
  if (!body) return false;

  // The whole header list in one writeHead on a response nobody set a header on: Node's fast path.
  const notModified = req.headers['if-none-match'] === page.etag;
  const stored = cachedHeaders(page, notModified ? 'identity' : encoding);
  const head = defaults.list(req, stored);
  if (resolveLang(langQuery, cookieValue(cookie, LANG_COOKIE)).persist) {
    const secure = resolveClient(req.socket.remoteAddress, (name) => req.headers[name], trust).https;
    head.push('Set-Cookie', `${LANG_COOKIE}=${variantLang(variant)}; ${LANG_COOKIE_ATTRIBUTES}${secure ? '; Secure' : ''}`);
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

export function startFrontServer(opts: {
  astro: RequestListener;
  serveStatic: (req: IncomingMessage, res: ServerResponse) => boolean;
  trust: TrustProxy;
  /** The request observer: this server writes the default headers of its responses itself. */
  observer: HttpObserver;
  host: string;
  port: number;
}): http.Server {
  let defaults: DefaultHeaders;
  const listener: RequestListener = (req, res) => {
    try {
      decodeURI(req.url ?? '/');
    } catch {
      defaults.set(req, res);
      return opts.astro(req, res);
    }
    if (answerFromCache(req, res, opts.trust, defaults)) return;
    defaults.set(req, res);
    if (opts.serveStatic(req, res)) return;
    opts.astro(req, res);
  };
  // As @astrojs/node's standalone server: https when given a certificate, else plain http behind a proxy.
  const server = process.env.SERVER_CERT_PATH && process.env.SERVER_KEY_PATH
    ? https.createServer({ key: readFileSync(process.env.SERVER_KEY_PATH), cert: readFileSync(process.env.SERVER_CERT_PATH) }, listener)
    : http.createServer(listener);
  defaults = opts.observer.writtenBy(server);
  server.listen(opts.port, opts.host);
  return server;
}
