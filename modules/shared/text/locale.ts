/** The site's two languages, and the one Intl locale each reads dates and amounts in. */
export type Lang = 'pl' | 'en';

export const localeOf = (lang: Lang): string => (lang === 'pl' ? 'pl-PL' : 'en-GB');
