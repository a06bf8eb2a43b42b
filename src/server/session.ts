/** The session token travels as an HttpOnly cookie for pages, or as a Bearer header for API clients. */
export const SESSION_COOKIE = 'session';

export function sessionToken(request: Request, cookie: string | undefined): string | null {
  const header = request.headers.get('authorization');
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return cookie ?? null;
}
