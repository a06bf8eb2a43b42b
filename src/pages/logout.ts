import type { APIRoute } from 'astro';
import { translator } from '../i18n/index.ts';
import { clearSessionCookie, json, languageOf } from '../server/auth.ts';
import { readForm, readJson } from '../server/http.ts';
import { SESSION_COOKIE, sessionToken } from '../server/session.ts';

/**
 * POST /logout ends the session on the server (its token, cookie or Bearer, stops working on every instance)
 * and clears the cookie. With `everywhere` (JSON `true`, or form field `everywhere=1`) it ends every session of
 * the user. A JSON call gets `{ message }`; a plain form post (the navbar's buttons, no script needed) is
 * redirected to the home page.
 */
export const POST: APIRoute = async ({ request, cookies, locals, redirect }) => {
  const wantsJson = (request.headers.get('content-type') ?? '').includes('application/json');
  const body = wantsJson ? await readJson(request) : null;
  const t = translator(languageOf(body, locals.lang));
  const everywhere = wantsJson
    ? typeof body === 'object' && body !== null && (body as { everywhere?: unknown }).everywhere === true
    : readForm(request).get('everywhere') === '1';
  await locals.runtime.services.accounts.logout(sessionToken(request, cookies.get(SESSION_COOKIE)?.value), everywhere ? 'everywhere' : 'this');
  clearSessionCookie({ cookies, locals });
  if (!wantsJson) return redirect('/', 303);
  return json({ message: t(everywhere ? 'accounts.loggedOutEverywhere' : 'accounts.loggedOut') });
};
