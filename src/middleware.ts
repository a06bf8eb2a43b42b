import { defineMiddleware } from 'astro:middleware';
import { LANG_COOKIE, resolveLang, translator } from './i18n/index.ts';
import { withReasonPhrase } from './server/astro-internals.ts';
import { languageOf } from './server/auth.ts';
import { isCrossSiteRequest, resolveClient } from './server/client.ts';
import { langCookieOptions } from './server/cookies.ts';
import { checkMethod, checkUrl, CROSS_SITE_ALLOWED, isRefusal, readBody, routeKindOf, type EdgeRefusal } from './server/edge.ts';
import { rememberBody, json, withHeaders } from './server/http.ts';
import { applyKeep, UNSERVED_METHOD_HEADER } from './server/page-cache/index.ts';
import { getRuntime } from './server/runtime.ts';
import { sessionToken } from './server/session.ts';

/** Anonymous public pages: a CDN may keep them a minute and serve them stale while it refreshes. */
const PUBLIC_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

export const onRequest = defineMiddleware(async (context, next) => {
  const runtime = await getRuntime();
  const { request, url } = context;
  const { lang, persist } = resolveLang(url.searchParams.get('lang'), context.cookies.get(LANG_COOKIE)?.value);
  const t = translator(lang);
  const header = (name: string) => request.headers.get(name);
  const client = resolveClient(context.clientAddress, header, runtime.config.TRUST_PROXY);
  Object.assign(context.locals, { runtime, lang, t, client, requestId: header('x-request-id') ?? '' });
  const refuse = ({ status, key, allow }: EdgeRefusal) => json({ message: t(key) }, status, allow ? { allow } : {});

  const kind = routeKindOf(context.routePattern);
  // A method the front server handed over as OPTIONS (TRACE: see page-cache/front-server.ts) is checked as itself.
  const method = request.method === 'OPTIONS' ? header(UNSERVED_METHOD_HEADER) ?? 'OPTIONS' : request.method;
  const refused = checkUrl(url, request.headers) ?? await checkMethod(method, context.routePattern, kind);
  if (refused) return refuse(refused);
  const body = await readBody(request, context.routePattern, kind);
  if (isRefusal(body)) return refuse(body);
  if (!CROSS_SITE_ALLOWED.has(context.routePattern) && isCrossSiteRequest(request.method, header, [runtime.config.PUBLIC_URL, client.origin])) {
    const answerIn = body.kind === 'json' ? languageOf(body.value, lang) : lang;
    return json({ message: translator(answerIn)('error.crossOrigin') }, 403);
  }
  rememberBody(request, body);

  const token = sessionToken(header('authorization'), header('cookie'));
  context.locals.user = await runtime.services.accounts.authenticate(token);
  if (persist) context.cookies.set(LANG_COOKIE, lang, langCookieOptions(client.https));
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    runtime.log.error({ err: error, requestId: context.locals.requestId, path: url.pathname }, 'request failed');
    return json({ message: t('error.unexpected') }, 500);
  }
  response = withReasonPhrase(response);
  const publicPage = await applyKeep(context, response, token !== null);
  // A page rendered for a session must never be stored by a shared cache; anonymous pages differ by the language cookie.
  if (token) return withHeaders(response, { 'cache-control': 'private, no-store' }, 'Cookie');
  if (publicPage) return withHeaders(response, { 'cache-control': PUBLIC_CACHE }, 'Cookie');
  return withHeaders(response, response.headers.has('cache-control') ? {} : { 'cache-control': 'no-cache' }, 'Cookie');
});
