/**
 * Uploaded pictures and videos (DATA_DIR/uploads), answered by the front server before Astro: an image request
 * needs no session, language or page, and each name is a content hash, so the answer is kept a year everywhere,
 * whoever asks (a signed-in visitor's pictures are not `private, no-store` like their pages): cache-policy.ts.
 */
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { UPLOADS_URL, type Media } from '../../modules/media/index.ts';
import { answerFile } from './file-answer.ts';

async function answer(media: Media, url: string, req: IncomingMessage, res: ServerResponse) {
  const file = await media.file(url);
  if (!file) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end('Not found');
    return;
  }
  const { size, mtimeMs } = await stat(file.path);
  answerFile(url, { path: file.path, size, mtimeMs, type: file.type }, req, res);
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
