import type { AstroCookieSetOptions } from 'astro';
import { LANG_COOKIE, type Lang } from '../i18n/index.ts';

/** The value of cookie `name` in a raw Cookie header (the first one sent), percent-decoded when it decodes. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return part.slice(eq + 1).trim();
    }
  }
  return undefined;
}

const ONE_YEAR = 60 * 60 * 24 * 365;

/**
 * The language cookie mirrors the visitor's choice (`?lang=`) so the server renders the right language with no flash:
 * a year, the whole site, sent on top-level navigation, Secure over https. Written by the middleware (through Astro's
 * cookies) and by the front server on a cached answer (as a header): both from here.
 */
export const langCookieOptions = (secure: boolean): AstroCookieSetOptions => ({ path: '/', maxAge: ONE_YEAR, sameSite: 'lax', secure });

const LANG_ATTRIBUTES = `Max-Age=${ONE_YEAR}; Path=/; SameSite=Lax`;

/** The Set-Cookie header value of `langCookieOptions`, for an answer written without Astro. */
export const langSetCookie = (lang: Lang, secure: boolean) => `${LANG_COOKIE}=${lang}; ${LANG_ATTRIBUTES}${secure ? '; Secure' : ''}`;
