import { formatDate as formatInstant, type Lang } from '../../../modules/shared/text/index.ts';

/** The admin panel's dates arrive as ISO strings; they read on Warsaw's clock whatever the admin's laptop is set to. */
export const formatDateTime = (iso: string, lang: Lang) => formatInstant(new Date(iso), lang, 'shortTime');

export const formatDate = (iso: string, lang: Lang) => formatInstant(new Date(iso), lang, 'short');

export { fromWarsawInput, toWarsawInput } from '../../../modules/shared/text/index.ts';
