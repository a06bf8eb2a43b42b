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
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** When the request began, kept on the request itself (a WeakMap entry per request costs the collector far more). */
const STARTED = Symbol('started');
type Timed = IncomingMessage & { [STARTED]?: number };

/**
 * Sees every request the Node server handles, static files included, before Astro does:
 * gives it a request id, sets the security headers every response carries, and logs one line when it ends.
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

  diagnostics.subscribe('http.server.request.start', (message) => {
    const { request, response, server: s } = message as Started;
    server ??= s;
    inFlight += 1;
    // Only a request that will be logged needs its start time.
    if (log.isLevelEnabled('info')) (request as Timed)[STARTED] = performance.now();
    sanitizeRawRequest(request);
    const given = request.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    request.headers['x-request-id'] = id;
    response.setHeader('X-Request-Id', id);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    response.setHeader('X-Frame-Options', 'DENY');
    response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    response.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
    response.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'");
    if (opts.hsts) response.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
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
      ip: resolveClient(request.socket.remoteAddress, (name) => request.headers[name], opts.trust).ip,
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
  };
}
