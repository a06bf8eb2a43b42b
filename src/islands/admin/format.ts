import { formatDate as formatInstant, type Lang } from '../../../modules/shared/text/index.ts';

/** The admin panel's dates arrive as ISO strings; they read on Warsaw's clock whatever the admin's laptop is set to. */
export const formatDateTime = (iso: string, lang: Lang) => formatInstant(new Date(iso), lang, 'shortTime');

export const formatDate = (iso: string, lang: Lang) => formatInstant(new Date(iso), lang, 'short');

/** A number of hours as the admin's language writes it: `6,25` in Polish, `6.25` in English (quarters at most). */
export const formatHourCount = (hours: number, lang: Lang) => new Intl.NumberFormat(lang === 'pl' ? 'pl-PL' : 'en-GB', { maximumFractionDigits: 2 }).format(hours);

export { fromWarsawInput, toWarsawInput } from '../../../modules/shared/text/index.ts';
