/**
 * The built client files that have brotli and gzip copies (made at build by scripts/precompress.mjs),
 * held in memory (the whole client build is under a megabyte) and answered in the client's encoding.
 * Everything else under dist/client (images, video, range requests) stays with @astrojs/node's `send`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { cacheControlFor, etagOf, matchesEtag } from '../cache-policy.ts';
import { negotiate, type Encoding } from './compression.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

type StaticFile = { type: string; etag: string; lastModified: string; cacheControl: string; bodies: Record<Encoding, Buffer> };

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

export function loadStaticFiles(clientDir: string) {
  const files = new Map<string, StaticFile>();
  if (existsSync(clientDir)) {
    for (const path of walk(clientDir)) {
      const type = TYPES[extname(path)];
      if (!type || !existsSync(`${path}.br`) || !existsSync(`${path}.gz`)) continue;
      const url = `/${relative(clientDir, path).split(sep).join('/')}`;
      const stat = statSync(path);
      files.set(url, {
        type,
        etag: etagOf(stat.size, stat.mtimeMs),
        lastModified: stat.mtime.toUTCString(),
        // Hashed build output for a year; the rest (the favicon, the seed's pictures) revalidated by its ETag.
        cacheControl: cacheControlFor(url),
        bodies: { identity: readFileSync(path), br: readFileSync(`${path}.br`), gzip: readFileSync(`${path}.gz`) },
      });
    }
  }

  /** Answers the request when it asks for one of these files as a whole; false leaves it to the next handler. */
  return function serveStatic(req: IncomingMessage, res: ServerResponse): boolean {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range) return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const file = files.get(q < 0 ? url : url.slice(0, q));
    if (!file) return false;
    const encoding = negotiate(req.headers['accept-encoding']);
    res.setHeader('Content-Type', file.type);
    res.setHeader('Cache-Control', file.cacheControl);
    res.setHeader('ETag', file.etag);
    res.setHeader('Last-Modified', file.lastModified);
    res.setHeader('Vary', 'Accept-Encoding');
    if (matchesEtag(req.headers['if-none-match'], file.etag)) {
      res.writeHead(304);
      res.end();
      return true;
    }
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', file.bodies[encoding].length);
    res.writeHead(200);
    res.end(req.method === 'HEAD' ? undefined : file.bodies[encoding]);
    return true;
  };
}
