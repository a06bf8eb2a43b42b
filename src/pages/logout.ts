import type { APIRoute } from 'astro';
import { translator } from '../i18n/index.ts';
import { clearSessionCookie, json, languageOf, problem } from '../server/auth.ts';
import { isCrossSiteCookieRequest, readJson } from '../server/http.ts';
import { SESSION_COOKIE, sessionToken } from '../server/session.ts';

/** A form's fields, or none when the body is not a urlencoded form (log-out then ends this session only). */
async function readForm(request: Request): Promise<URLSearchParams> {
  if (!(request.headers.get('content-type') ?? '').includes('application/x-www-form-urlencoded')) return new URLSearchParams();
  try {
    return new URLSearchParams(await request.text());
  } catch {
    return new URLSearchParams();
  }
}

/**
 * POST /logout ends the session on the server (its token, cookie or Bearer, stops working on every instance)
 * and clears the cookie. With `everywhere` (JSON `true`, or form field `everywhere=1`) it ends every session of
 * the user. A JSON call gets `{ message }`; a plain form post (the navbar's buttons, no script needed) is
 * redirected to the home page.
 */
export const POST: APIRoute = async ({ request, url, cookies, locals, redirect }) => {
  const wantsJson = (request.headers.get('content-type') ?? '').includes('application/json');
  const body = wantsJson ? await readJson(request) : null;
  const t = translator(languageOf(body, locals.lang));
  if (isCrossSiteCookieRequest(request, url)) return problem(t, 'error.crossOrigin', 403);
  const everywhere = wantsJson
    ? typeof body === 'object' && body !== null && (body as { everywhere?: unknown }).everywhere === true
    : (await readForm(request)).get('everywhere') === '1';
  await locals.runtime.services.accounts.logout(sessionToken(request, cookies.get(SESSION_COOKIE)?.value), everywhere ? 'everywhere' : 'this');
  clearSessionCookie(cookies, url);
  if (!wantsJson) return redirect('/', 303);
  return json({ message: t(everywhere ? 'accounts.loggedOutEverywhere' : 'accounts.loggedOut') });
};
