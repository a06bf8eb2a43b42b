/**
 * HLS playlists and segments (`/media/hls/…`), answered by the front server before Astro: a segment request needs no
 * page, language or session, only the token in its URL, which the recordings module checks together with the
 * viewer's access at that moment. Bytes are streamed from storage (ranges kept), or redirected to a presigned S3 URL.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HLS_URL, type Recordings, type Served } from '../../modules/recordings/index.ts';
import { cacheControlFor } from './cache-policy.ts';

const PLAYLIST = 'application/vnd.apple.mpegurl';

/** A segment's headers, whole (200) or a range of it (206). */
function segmentHeaders(pathname: string, contentType: string, o: { status: 200 | 206; size: number; start: number; end: number }) {
  return {
    'Content-Type': contentType, 'Accept-Ranges': 'bytes', 'Content-Length': String(o.size === 0 ? 0 : o.end - o.start + 1),
    // A segment never changes under its URL (a new upload is a new version): the viewer's browser keeps it, no one else.
    'Cache-Control': cacheControlFor(pathname),
    ...(o.status === 206 ? { 'Content-Range': `bytes ${o.start}-${o.end}/${o.size}` } : {}),
  };
}

/** Writes what the module decided as an HTTP answer (the Astro route for `astro dev` answers the same through `toResponse`). */
async function write(served: Served, pathname: string, req: IncomingMessage, res: ServerResponse) {
  if (served.kind === 'refused') {
    res.writeHead(served.status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(served.status === 403 ? 'Forbidden' : 'Not found');
    return;
  }
  if (served.kind === 'redirect') {
    res.writeHead(302, { Location: served.location, 'Cache-Control': 'no-store' });
    res.end();
    return;
  }
  if (served.kind === 'playlist') {
    // Each viewer's playlist carries their token: never kept by a shared cache, nor by the browser past its use.
    res.writeHead(200, { 'Content-Type': PLAYLIST, 'Cache-Control': 'private, no-store', 'Content-Length': Buffer.byteLength(served.body) });
    res.end(req.method === 'HEAD' ? undefined : served.body);
    return;
  }
  const o = served.kind === 'bytes' ? served.held : served.opened;
  if (o.status === 416) {
    res.writeHead(416, { 'Content-Range': `bytes */${o.size}` });
    res.end();
    return;
  }
  res.writeHead(o.status, segmentHeaders(pathname, served.contentType, o));
  // Held in memory: one write, no stream (see modules/recordings/segment-cache.ts).
  if ('bytes' in o) {
    res.end(req.method === 'HEAD' ? undefined : o.bytes);
    return;
  }
  const { body } = o;
  if (!body || req.method === 'HEAD') {
    body?.destroy();
    res.end();
    return;
  }
  await pipeline(body, res).catch(() => res.destroy());
}

/** Answers GET and HEAD under /media/hls/ (true); anything else is left to the next handler (false). */
export function hlsFiles(recordings: Pick<Recordings, 'serve'>) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const raw = req.url ?? '/';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !raw.startsWith(HLS_URL)) return false;
    const query = raw.indexOf('?');
    const pathname = query === -1 ? raw : raw.slice(0, query);
    const token = query === -1 ? null : new URLSearchParams(raw.slice(query + 1)).get('t');
    recordings.serve(pathname, token, req.headers.range ?? null, req.method === 'HEAD')
      .then((served) => write(served, pathname, req, res))
      .catch(() => {
        if (!res.headersSent) res.writeHead(500, { 'Cache-Control': 'no-store' });
        res.end();
      });
    return true;
  };
}

/** The same answer as a fetch Response, for the Astro route that serves these under `astro dev`. */
export function toResponse(served: Served, head: boolean, pathname: string): Response {
  if (served.kind === 'refused') return new Response(served.status === 403 ? 'Forbidden' : 'Not found', { status: served.status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  if (served.kind === 'redirect') return new Response(null, { status: 302, headers: { location: served.location, 'cache-control': 'no-store' } });
  if (served.kind === 'playlist') return new Response(head ? null : served.body, { headers: { 'content-type': PLAYLIST, 'cache-control': 'private, no-store' } });
  const o = served.kind === 'bytes' ? served.held : served.opened;
  if (o.status === 416) return new Response(null, { status: 416, headers: { 'content-range': `bytes */${o.size}` } });
  const body = head ? null : 'bytes' in o ? new Uint8Array(o.bytes) : o.body ? (Readable.toWeb(o.body) as ReadableStream) : null;
  return new Response(body, { status: o.status, headers: segmentHeaders(pathname, served.contentType, o) });
}
