import type { APIRoute } from 'astro';
import { translator } from '../i18n/index.ts';
import { clearSessionCookie, json, languageOf } from '../server/auth.ts';
import { readJson } from '../server/http.ts';

/**
 * POST /logout clears the session cookie. A JSON call gets `{ message }`; a plain form post
 * (the navbar's log-out button, no script needed) is redirected to the home page.
 */
export const POST: APIRoute = async ({ request, cookies, locals, redirect }) => {
  const wantsJson = (request.headers.get('content-type') ?? '').includes('application/json');
  const t = translator(languageOf(wantsJson ? await readJson(request) : null, locals.lang));
  clearSessionCookie({ cookies, locals });
  return wantsJson ? json({ message: t('accounts.loggedOut') }) : redirect('/', 303);
};
