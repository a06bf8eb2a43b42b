/**
 * The server a start that cannot open the shop runs instead of it (issue 35): a migration that failed, a database
 * newer than the code, a backup before migrating that could not be taken (upgrade.ts). It is small on purpose and
 * beside the real one (page-cache/front-server.ts), loading neither Astro nor the modules: every page answers 503 with
 * Retry-After and a short page in the visitor's language, the API 503 in its `{ message }` shape, and /healthz says
 * why and what to do. It stays up, so a restart policy sees a process that answers instead of a crash loop.
 */
import { readFileSync } from 'node:fs';
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import https from 'node:https';
import { LANG_COOKIE, resolveLang, translator } from '../i18n/index.ts';
import { cookieValue } from './cookies.ts';
import type { HttpObserver } from './http-observer.ts';
import type { Logger } from './logger.ts';
import type { Maintenance } from './upgrade.ts';

/** Seconds a client is told to wait: the way out is a self-hoster's restart, which takes minutes rather than seconds. */
export const MAINTENANCE_RETRY_AFTER_S = 300;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export type MaintenanceAnswer = { status: number; headers: Record<string, string>; body: string };

/** The answer to one request: which of the three it is goes by the path; the language by the site's rule (?lang, cookie, Polish). */
export function maintenanceAnswer(state: Maintenance, request: { url: string; cookie?: string }, siteName: string): MaintenanceAnswer {
  const url = new URL(request.url, 'http://maintenance.invalid');
  const headers = { 'retry-after': String(MAINTENANCE_RETRY_AFTER_S), 'cache-control': 'no-store' };
  const jsonType = { 'content-type': 'application/json; charset=utf-8' };
  if (url.pathname === '/healthz') {
    const { reason, migration, message, action, backup } = state;
    return { status: 503, headers: { ...headers, ...jsonType }, body: JSON.stringify({ status: 'maintenance', reason, migration, message, action, backup }) };
  }
  const { lang } = resolveLang(url.searchParams.get('lang'), cookieValue(request.cookie, LANG_COOKIE));
  const t = translator(lang);
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
    return { status: 503, headers: { ...headers, ...jsonType }, body: JSON.stringify({ message: t('maintenance.api') }) };
  }
  const other = lang === 'pl' ? 'en' : 'pl';
  const body = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(t('maintenance.title'))} · ${escapeHtml(siteName)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1.5rem;line-height:1.5;color:#222}small{color:#666}</style>
</head><body><main>
<h1>${escapeHtml(t('maintenance.title'))}</h1>
<p>${escapeHtml(t('maintenance.text'))}</p>
<p>${escapeHtml(t('maintenance.retry'))}</p>
<p><small>${escapeHtml(t('maintenance.admin'))}</small></p>
<p><a href="?lang=${other}" hreflang="${other}" lang="${other}">${escapeHtml(t('lang.switchTo'))}</a></p>
</main></body></html>
`;
  return { status: 503, headers: { ...headers, 'content-type': 'text/html; charset=utf-8', 'content-language': lang, vary: 'Cookie' }, body };
}

type MaintenanceServerOptions = {
  state: Maintenance;
  siteName: string;
  /** The request observer: request ids, the security headers, one log line per request, and idleness at shutdown. */
  observer: HttpObserver;
  log: Logger;
  host: string;
  port: number;
  tls: { certPath: string; keyPath: string } | null;
};

export function startMaintenanceServer(opts: MaintenanceServerOptions): http.Server {
  const listener: RequestListener = (req: IncomingMessage, res: ServerResponse) => {
    // A body is never read: drained, so the connection stays usable.
    req.resume();
    let answer: MaintenanceAnswer;
    try {
      answer = maintenanceAnswer(opts.state, { url: req.url ?? '/', cookie: req.headers.cookie }, opts.siteName);
    } catch {
      answer = maintenanceAnswer(opts.state, { url: '/' }, opts.siteName);
    }
    const body = Buffer.from(answer.body);
    res.writeHead(answer.status, { ...answer.headers, 'content-length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  const options: http.ServerOptions = { headersTimeout: 10_000, requestTimeout: 30_000 };
  const server = opts.tls
    ? https.createServer({ ...options, key: readFileSync(opts.tls.keyPath), cert: readFileSync(opts.tls.certPath) }, listener)
    : http.createServer(options, listener);
  server.keepAliveTimeout = 5_000;
  server.listen(opts.port, opts.host);
  stopOnSignal(server, opts.observer, opts.log);
  return server;
}

/** SIGTERM or SIGINT: no work is in flight but answers being written, so closing takes a moment at most. */
function stopOnSignal(server: http.Server, observer: HttpObserver, log: Logger) {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down (maintenance)');
    setTimeout(() => process.exit(0), 3_000).unref();
    server.close();
    server.closeIdleConnections();
    void observer.idle().then(() => {
      log.info('stopped');
      process.exit(0);
    });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
