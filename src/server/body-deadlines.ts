/**
 * How long a client may take to send a request's body. Node's own `requestTimeout` counts the whole request against
 * one limit, which no upload over a slow line can meet: a 4 MB chunk of a recording at 1 Mbit/s takes 32 s, and an
 * upload cut off part-way may lose bytes it had sent (on S3, everything since its last whole part). So a body is
 * watched here instead: an ordinary one must arrive whole within `wholeMs` (no route takes more than a contact
 * message), and a streamed one (an upload: `streamed`) only has to keep moving, a byte at least every `idleMs`.
 * A client that fails either is answered 408 and its connection closed, as Node answers its own timeout. A request
 * without a body (every page view) is not watched at all: the cached path stays as it was.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type BodyDeadlineOptions = { wholeMs: number; idleMs: number; checkEveryMs: number; streamed: (pathname: string) => boolean };

type Watched = { streamed: boolean; startedAt: number; read: number; movedAt: number };

const TIMED_OUT = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n';

const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

export function bodyDeadlines(opts: BodyDeadlineOptions) {
  const watched = new Map<IncomingMessage, Watched & { res: ServerResponse }>();
  let timer: NodeJS.Timeout | null = null;

  function expire(req: IncomingMessage, res: ServerResponse) {
    // Written to the socket as Node writes its own 408: the handler still waiting for the body sees it aborted.
    if (!res.headersSent && req.socket.writable) req.socket.end(TIMED_OUT);
    req.socket.destroySoon();
  }

  function check() {
    const now = Date.now();
    for (const [req, w] of watched) {
      if (req.complete || req.socket.destroyed) { watched.delete(req); continue; }
      const read = req.socket.bytesRead;
      if (read > w.read) { w.read = read; w.movedAt = now; }
      const late = w.streamed ? now - w.movedAt > opts.idleMs : now - w.startedAt > opts.wholeMs;
      if (late) { watched.delete(req); expire(req, w.res); }
    }
    if (watched.size === 0 && timer) { clearInterval(timer); timer = null; }
  }

  return {
    /** Watches the body of `req`, if it has one, until it has all arrived. */
    watch(req: IncomingMessage, res: ServerResponse) {
      if (!hasBody(req)) return;
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const now = Date.now();
      watched.set(req, { res, streamed: opts.streamed(q < 0 ? url : url.slice(0, q)), startedAt: now, read: req.socket.bytesRead, movedAt: now });
      timer ??= setInterval(check, opts.checkEveryMs).unref();
    },
  };
}
