/**
 * A file on disk as an HTTP answer, for the front server's handlers of media (the build's pictures and videos,
 * uploads): its Cache-Control by the one rule (cache-policy.ts), an ETag and a 304 when the browser has it, and byte
 * ranges (a video is asked for in ranges: seeking, and Chromium's first request).
 */
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { cacheControlFor, etagOf, matchesEtag } from './cache-policy.ts';
import { parseRange } from './serve-file.ts';

export type FileToAnswer = { path: string; size: number; mtimeMs: number; type: string };

/** Answers GET or HEAD of `pathname` with the file. */
export function answerFile(pathname: string, file: FileToAnswer, req: IncomingMessage, res: ServerResponse): void {
  const etag = etagOf(file.size, file.mtimeMs);
  res.setHeader('Content-Type', file.type);
  res.setHeader('Cache-Control', cacheControlFor(pathname));
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', new Date(file.mtimeMs).toUTCString());
  res.setHeader('Accept-Ranges', 'bytes');
  if (matchesEtag(req.headers['if-none-match'], etag)) {
    res.writeHead(304);
    res.end();
    return;
  }
  const range = parseRange(req.headers.range ?? null, file.size);
  if (range === 'unsatisfiable') {
    res.writeHead(416, { 'Content-Range': `bytes */${file.size}` });
    res.end();
    return;
  }
  const { start, end } = range ?? { start: 0, end: file.size - 1 };
  res.setHeader('Content-Length', String(file.size === 0 ? 0 : end - start + 1));
  if (range) res.setHeader('Content-Range', `bytes ${start}-${end}/${file.size}`);
  res.writeHead(range ? 206 : 200);
  if (req.method === 'HEAD' || file.size === 0) {
    res.end();
    return;
  }
  createReadStream(file.path, { start, end }).on('error', () => res.destroy()).pipe(res);
}

/** The media types of the build's files that are not precompressed (static-files.ts answers those). */
const MEDIA_TYPES: Record<string, string> = {
  '.webp': 'image/webp', '.avif': 'image/avif', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg',
  '.gif': 'image/gif', '.ico': 'image/x-icon', '.webm': 'video/webm', '.mp4': 'video/mp4',
  '.woff2': 'font/woff2', '.woff': 'font/woff',
};

/** Every file under `dir`, at any depth. */
const filesUnder = (dir: string) => readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));

/**
 * The build's media files (public/ copied into dist/client: the seed's thumbnails, previews, the share picture; and
 * Astro's hashed images and fonts), listed once at start: the build never changes under a running server. Anything
 * else is left to the next handler (false).
 */
export function buildMediaFiles(clientDir: string) {
  const files = new Map<string, FileToAnswer>();
  if (existsSync(clientDir)) {
    for (const path of filesUnder(clientDir)) {
      const type = MEDIA_TYPES[extname(path).toLowerCase()];
      if (!type) continue;
      const { size, mtimeMs } = statSync(path);
      files.set(`/${relative(clientDir, path).split(sep).join('/')}`, { path, size, mtimeMs, type });
    }
  }
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const pathname = (req.url ?? '/').split('?')[0]!;
    const file = files.get(pathname);
    if (!file) return false;
    answerFile(pathname, file, req, res);
    return true;
  };
}
