import type { APIContext, AstroCookies } from 'astro';
import * as v from 'valibot';
import type { RequestInfo } from '../../modules/accounts/index.ts';
import { catalogues, toLang, translator, type Lang, type MessageKey, type Translate } from '../i18n/index.ts';
import { json, problem, readJson } from './http.ts';
import { SESSION_COOKIE } from './session.ts';

/** Secure follows how the client reached us (directly or at a trusted proxy), see src/server/client.ts. */
type CookieContext = { cookies: AstroCookies; locals: App.Locals };

/** The session cookie: HttpOnly so scripts never read the token, SameSite=Lax, Secure over https. */
export function setSessionCookie(context: CookieContext, token: string, maxAge: number) {
  context.cookies.set(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: context.locals.client.https, maxAge });
}

export function clearSessionCookie(context: CookieContext) {
  context.cookies.delete(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: context.locals.client.https });
}

/** The answer's language: the body's `language` field when given (`en`, or Polish for any other value), else the lang cookie. */
export function languageOf(body: unknown, fallback: Lang): Lang {
  const given = typeof body === 'object' && body !== null ? (body as { language?: unknown }).language : undefined;
  return typeof given === 'string' ? toLang(given) : fallback;
}

/** What the accounts edge needs from a request: an endpoint's APIContext or a page's Astro global both fit. */
export type AccountsContext = Pick<APIContext, 'request' | 'url' | 'locals' | 'cookies'>;

type Parsed<T> = { ok: true; data: T; lang: Lang; t: Translate; req: RequestInfo } | { ok: false; response: Response };

/**
 * The common edge of every accounts POST: refuses cross-site browser calls, reads the JSON body, picks the
 * language, and validates with valibot. A schema's issue messages are catalogue keys, so the first one
 * becomes the `{ message }` answer in the request's language.
 */
export async function parseAccountsRequest<S extends v.GenericSchema<unknown, unknown>>(context: AccountsContext, schema: S): Promise<Parsed<v.InferOutput<S>>> {
  const body = await readJson(context.request);
  const lang = languageOf(body, context.locals.lang);
  const t = translator(lang);
  const result = v.safeParse(schema, body, { abortEarly: true });
  if (!result.success) return { ok: false, response: problem(t, messageKey(result.issues[0].message), 400) };
  return { ok: true, data: result.output, lang, t, req: { ip: context.locals.client.ip, language: lang } };
}

const messageKey = (message: string): MessageKey => (message in catalogues.pl ? message as MessageKey : 'error.invalidBody');

export const tooMany = (t: Translate) => problem(t, 'error.tooManyRequests', 429);
export { json, problem };
