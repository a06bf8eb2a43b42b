import type { Translate, MessageKey } from '../i18n/index.ts';

/** JSON answer; every error body is `{ message }` in the caller's language. */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers } });

export const problem = (t: Translate, key: MessageKey, status: number) => json({ message: t(key) }, status);

/** Reads a JSON body; `null` when it is missing or not JSON, so validation reports it. */
export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return null;
  }
}

/**
 * Cookie-authenticated state changes must come from our own pages: a browser always sends Origin
 * on cross-site POSTs, so a foreign or "null" origin is refused. Bearer-token calls carry no ambient
 * credentials and are exempt.
 */
export function isCrossSiteCookieRequest(request: Request, url: URL): boolean {
  if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return false;
  if (request.headers.get('authorization')?.startsWith('Bearer ')) return false;
  const origin = request.headers.get('origin');
  if (origin === null) return request.headers.get('sec-fetch-site') === 'cross-site';
  return origin !== url.origin;
}
