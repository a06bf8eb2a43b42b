import { cookieValue } from './cookies.ts';

/** The session token travels as an HttpOnly cookie for pages, or as a Bearer header for API clients. */
export const SESSION_COOKIE = 'session';

/** The token of an `Authorization: Bearer …` header; null without one (or an empty one). */
export function bearerToken(authorization: string | null | undefined): string | null {
  if (!authorization?.startsWith('Bearer ')) return null;
  return authorization.slice(7).trim() || null;
}

/**
 * The one reading of a request's session token, wherever it is needed (the middleware, the page cache's key, log-out):
 * a Bearer header wins over the cookie; a request with neither has none.
 */
export function sessionToken(authorization: string | null | undefined, cookieHeader: string | null | undefined): string | null {
  if (authorization?.startsWith('Bearer ')) return bearerToken(authorization);
  return cookieValue(cookieHeader, SESSION_COOKIE) || null;
}
