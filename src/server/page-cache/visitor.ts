/** Which visitor a request is answered for (types.ts says what a visitor is). */
import { LANG_COOKIE, resolveLang, type Lang } from '../../i18n/index.ts';
import { cookieValue } from '../cookies.ts';
import { sessionToken } from '../session.ts';
import { registry } from './registry.ts';
import type { RecallSession, Visitor } from './types.ts';

export type { Visitor } from './types.ts';

/** A session this process cannot vouch for from memory: rendered for it, never stored, never answered from the store. */
export const UNKNOWN_SESSION = 'unknown-session';

/** The visitors without a session, one per language (made once: the front server's hit path allocates none). */
const ANONYMOUS: Record<Lang, Visitor> = { pl: Object.freeze({ lang: 'pl', user: null }), en: Object.freeze({ lang: 'en', user: null }) };

export const anonymous = (lang: Lang): Visitor => ANONYMOUS[lang];
export const signedIn = (lang: Lang, user: string): Visitor => ({ lang, user });

/**
 * The visitor a request is answered for: its language exactly as the middleware resolves it (query, else cookie),
 * and the user of its session when this process knows that session from memory (accounts' remembered sessions).
 */
export function visitorOf(authorization: string | null | undefined, cookie: string | null | undefined, langQuery: string | null): Visitor | typeof UNKNOWN_SESSION {
  const { lang } = resolveLang(langQuery, cookieValue(cookie, LANG_COOKIE));
  const token = sessionToken(authorization, cookie);
  if (token === null) return ANONYMOUS[lang];
  const user = registry().recall?.(token);
  return user ? { lang, user: user.id } : UNKNOWN_SESSION;
}

/** Lets the page cache recognise sessions from memory (the runtime passes accounts' `recallSession` at boot). */
export function recallSessionsWith(recall: RecallSession) {
  registry().recall = recall;
}
