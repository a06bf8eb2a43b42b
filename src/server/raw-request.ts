import type { IncomingMessage } from 'node:http';

/** Set on a request whose URL did not percent-decode; the edge (src/server/edge.ts) answers it 400. */
export const MALFORMED_URL_HEADER = 'x-gestalt-malformed-url';

/**
 * Whether `s` percent-decodes. Only a `%` can fail to (the request line and headers arrive as single bytes, so no lone
 * surrogate), and most requests carry none: they skip the decoding. The result is used on purpose: the bundler drops
 * a bare call it deems pure, try block and all.
 */
const decodes = (s: string, decode: (s: string) => string = decodeURIComponent) => {
  if (!s.includes('%')) return true;
  try {
    return typeof decode(s) === 'string';
  } catch {
    return false;
  }
};

/**
 * Runs on the raw Node request before anything parses it. A URL that does not decode would be answered
 * with a bare text 400 by the adapter, and a cookie that does not decode makes every cookie read throw:
 * the URL is made decodable and flagged for the edge to refuse in the caller's language, and cookies
 * whose value does not decode are dropped as if never sent.
 */
export function sanitizeRawRequest(request: IncomingMessage) {
  delete request.headers[MALFORMED_URL_HEADER];
  const url = request.url ?? '/';
  if (!decodes(url, decodeURI)) {
    request.url = url.replaceAll('%', '%25');
    request.headers[MALFORMED_URL_HEADER] = '1';
  }
  const cookie = request.headers.cookie;
  if (cookie && !decodes(cookie)) {
    request.headers.cookie = cookie.split(';').filter((pair) => decodes(pair)).join(';');
  }
}
