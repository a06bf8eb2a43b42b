import { defineMiddleware } from 'astro:middleware';
import { LANG_COOKIE, resolveLang, translator } from './i18n/index.ts';
import { getRuntime } from './server/runtime.ts';
import { json } from './server/http.ts';
import { SESSION_COOKIE, sessionToken } from './server/session.ts';


const ONE_YEAR = 60 * 60 * 24 * 365;

export const onRequest = defineMiddleware(async (context, next) => {
  const runtime = await getRuntime();
  const { lang, persist } = resolveLang(context.url.searchParams.get('lang'), context.cookies.get(LANG_COOKIE)?.value);
  context.locals.runtime = runtime;
  context.locals.lang = lang;
  context.locals.t = translator(lang);
  context.locals.requestId = context.request.headers.get('x-request-id') ?? '';
  context.locals.user = await runtime.services.accounts.authenticate(sessionToken(context.request, context.cookies.get(SESSION_COOKIE)?.value));
  if (persist) {
    context.cookies.set(LANG_COOKIE, lang, { path: '/', maxAge: ONE_YEAR, sameSite: 'lax', secure: context.url.protocol === 'https:' });
  }
  try {
    const response = await next();
    if (persist) response.headers.append('Vary', 'Cookie');
    return response;
  } catch (error) {
    runtime.log.error({ err: error, requestId: context.locals.requestId, path: context.url.pathname }, 'request failed');
    return json({ message: context.locals.t('error.unexpected') }, 500);
  }
});
