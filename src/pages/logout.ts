import type { APIRoute } from 'astro';
import { translator } from '../i18n/index.ts';
import { clearSessionCookie, json, languageOf, problem } from '../server/auth.ts';
import { isCrossSiteCookieRequest, readJson } from '../server/http.ts';

/**
 * POST /logout clears the session cookie. A JSON call gets `{ message }`; a plain form post
 * (the navbar's log-out button, no script needed) is redirected to the home page.
 */
export const POST: APIRoute = async ({ request, url, cookies, locals, redirect }) => {
  const wantsJson = (request.headers.get('content-type') ?? '').includes('application/json');
  const t = translator(languageOf(wantsJson ? await readJson(request) : null, locals.lang));
  if (isCrossSiteCookieRequest(request, url)) return problem(t, 'error.crossOrigin', 403);
  clearSessionCookie(cookies, url);
  return wantsJson ? json({ message: t('accounts.loggedOut') }) : redirect('/', 303);
};
