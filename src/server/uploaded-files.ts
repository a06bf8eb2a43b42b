/**
 * Uploaded pictures and videos (DATA_DIR/uploads), answered by the front server before Astro: an image request
 * needs no session, language or page, and each name is a content hash, so the answer is kept a year everywhere,
 * whoever asks (a signed-in visitor's pictures are not `private, no-store` like their pages).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { UPLOADS_URL, type Media } from '../../modules/media/index.ts';
import { parseRange } from './serve-file.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

async function answer(media: Media, url: string, req: IncomingMessage, res: ServerResponse) {
  const file = await media.file(url);
  if (!file) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end('Not found');
    return;
  }
  const { size } = await stat(file.path);
  res.setHeader('Content-Type', file.type);
  res.setHeader('Cache-Control', IMMUTABLE);
  res.setHeader('Accept-Ranges', 'bytes');
  // Videos are asked for in ranges (seeking, and Chromium's first request); pictures whole.
  const range = parseRange(req.headers.range ?? null, size);
  if (range === 'unsatisfiable') {
    res.writeHead(416, { 'Content-Range': `bytes */${size}` });
    res.end();
    return;
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  res.setHeader('Content-Length', String(end - start + 1));
  if (range) res.setHeader('Content-Range', `bytes ${start}-${end}/${size}`);
  res.writeHead(range ? 206 : 200);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file.path, { start, end }).on('error', () => res.destroy()).pipe(res);
}

/** Answers GET and HEAD under /media/uploads/ (true); anything else is left to the next handler (false). */
export function uploadedFiles(media: Media) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = (req.url ?? '/').split('?')[0]!;
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !url.startsWith(UPLOADS_URL)) return false;
    answer(media, url, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
    return true;
  };
}
