import type { AstroCookies } from 'astro';
import { toLang, type Lang } from '../i18n/index.ts';
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
