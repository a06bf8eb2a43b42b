import { fillTemplate } from '../../modules/shared/text/index.ts';
import { en, pl, type MessageKey } from './catalogues.ts';

export type Lang = 'pl' | 'en';
export type { MessageKey };
export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

export const catalogues: Record<Lang, Record<MessageKey, string>> = { pl, en };
export const LANG_COOKIE = 'lang';

/** The spec: `en` means English, any other value means Polish. */
export const toLang = (value: string | null | undefined): Lang => (value === 'en' ? 'en' : 'pl');

/** `?lang=` wins (and is then persisted by the caller), else the cookie, else Polish. */
export function resolveLang(query: string | null, cookie: string | undefined): { lang: Lang; persist: boolean } {
  if (query === 'en' || query === 'pl') return { lang: query, persist: query !== cookie };
  return { lang: toLang(cookie), persist: false };
}

export function translator(lang: Lang): Translate {
  const messages = catalogues[lang];
  return (key, vars) => {
    const text = messages[key];
    return vars ? fillTemplate(text, vars) : text;
  };
}
