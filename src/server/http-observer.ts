import { randomUUID } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { TrustProxy } from '../../modules/shared/config/index.ts';
import { resolveClient } from './client.ts';
import type { Logger } from './logger.ts';
import { sanitizeRawRequest } from './raw-request.ts';

type Started = { request: IncomingMessage; response: ServerResponse; server: Server };

export type HttpObserver = {
  /** The listening server, known once it has served its first request. */
  server(): Server | null;
  inFlight(): number;
  idle(): Promise<void>;
  /**
   * For a server that writes the default headers of its responses itself (the front server: a cached answer's whole
   * header list in one `writeHead`, which skips Node's per-header bookkeeping); the observer leaves them to it.
   */
  writtenBy(server: Server): DefaultHeaders;
};

/** The headers every response carries: its request id and the security headers. */
export type DefaultHeaders = {
  /** Sets them on a response, as the observer does for other servers; a route's own headers replace them. */
  set(request: IncomingMessage, response: ServerResponse): void;
  /**
   * As `[name, value, …]` for `writeHead`, followed by a route's own headers (`own`, lower-case names), any of which
   * takes the place of the default of its name, as `setHeader` would have (a stored page's own policy).
   */
  list(request: IncomingMessage, own: readonly (readonly [string, string])[]): string[];
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** When the request began, kept on the request itself (a WeakMap entry per request costs the collector far more). */
const STARTED = Symbol('started');
type Timed = IncomingMessage & { [STARTED]?: number };

/**
 * Sees every request the Node server handles, static files included, before Astro does:
 * gives it a request id, sets the security headers every response carries (or leaves them to a server that writes
 * them itself: `writtenBy`), and logs one line when it ends.
 * Astro's own per-page headers (the page CSP) take precedence over these defaults.
 */
export function observeHttp(log: Logger, opts: { hsts: boolean; trust: TrustProxy }): HttpObserver {
  let server: Server | null = null;
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  // One listener for every response (not a closure, nor `once`'s wrapper, per request): 'close' comes once anyway.
  const closed = () => {
    inFlight -= 1;
    if (inFlight === 0) { const w = waiters; waiters = []; w.forEach((f) => f()); }
  };

  const security: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)'],
    ['Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'"],
    ...(opts.hsts ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as [string, string]] : []),
  ];
  const securityNames = new Set(['x-request-id', ...security.map(([name]) => name.toLowerCase())]);
  const defaults: DefaultHeaders = {
    set(request, response) {
      response.setHeader('X-Request-Id', request.headers['x-request-id']!);
      for (const [name, value] of security) response.setHeader(name, value);
    },
    list(request, own) {
      const list = ['X-Request-Id', request.headers['x-request-id'] as string];
      for (const [name, value] of security) {
        const lower = name.toLowerCase();
        const replaced = own.find(([n]) => n === lower);
        list.push(replaced ? lower : name, replaced ? replaced[1] : value);
      }
      for (const [name, value] of own) if (!securityNames.has(name)) list.push(name, value);
      return list;
    },
  };
  const writingTheirOwn = new WeakSet<Server>();

  diagnostics.subscribe('http.server.request.start', (message) => {
    const { request, response, server: s } = message as Started;
    server ??= s;
    inFlight += 1;
    // Only a request that will be logged needs its start time.
    if (log.isLevelEnabled('info')) (request as Timed)[STARTED] = performance.now();
    sanitizeRawRequest(request);
    const given = request.headers['x-request-id'];
    request.headers['x-request-id'] = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    if (!writingTheirOwn.has(s)) defaults.set(request, response);
    response.on('close', closed);
  });

  diagnostics.subscribe('http.server.response.finish', (message) => {
    // Below the info level nothing is written: skip working out the line.
    if (!log.isLevelEnabled('info')) return;
    const { request, response } = message as Started;
    const t0 = (request as Timed)[STARTED];
    const path = (request.url ?? '/').split('?')[0];
    log.info({
      requestId: request.headers['x-request-id'],
      // An answer sent before the body was read (an upload refused 413) may finish after Node let go of its socket.
      ip: resolveClient(request.socket?.remoteAddress, (name) => request.headers[name], opts.trust).ip,
      method: request.method,
      path,
      status: response.statusCode,
      durationMs: t0 === undefined ? undefined : Math.round((performance.now() - t0) * 10) / 10,
    }, 'request');
  });

  return {
    server: () => server,
    inFlight: () => inFlight,
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((r) => waiters.push(r))),
    writtenBy(s) {
      writingTheirOwn.add(s);
      return defaults;
    },
  };
}
