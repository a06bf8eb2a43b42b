import type { Category } from '../../modules/catalogue/index.ts';
import { slugify } from '../../modules/shared/text/index.ts';

/** The category listings of spec 2, by path. */
export const CATEGORY_PATHS: Record<Category, string> = { seminar: '/seminaria', workshop: '/warsztaty', training: '/treningi' };
export const categoryOfPath = (path: string): Category | null =>
  (Object.entries(CATEGORY_PATHS).find(([, p]) => p === path)?.[0] as Category | undefined) ?? null;

/** `/eksploruj-{product}`: the explore page, named after the product (the site's name). */
export const explorePath = (siteName: string) => `/eksploruj-${slugify(siteName) || 'gestalt'}`;

/** Owned items go to the watch page, the others to the purchase page (spec 2). */
export const productHref = (item: { product: { key: string }; owned: boolean }) =>
  (item.owned ? `/watch-video/${item.product.key}` : `/video-details/${item.product.key}`);

/** The demo phone number shown in the footer and on the contact page. */
export const CONTACT_PHONE = '+48 600 100 200';
/** The phone as shown: non-breaking spaces, so a narrow column never splits the number across lines. */
export const CONTACT_PHONE_SHOWN = CONTACT_PHONE.replace(/ /g, '\u00a0');

/**
 * The crawlable address of a page in one language (decided for issue 12): Polish is the bare path, English the
 * same path with `?lang=en`. Each is its own page's canonical, so no canonical is another language's alternate.
 */
export const languageUrl = (path: string, lang: 'pl' | 'en', base: string) => new URL(lang === 'en' ? `${path}?lang=en` : path, base).href;

/** The hreflang alternates of a page: both languages, and the Polish bare path for everybody else. */
export const languageAlternates = (path: string, base: string) => [
  { hreflang: 'pl', href: languageUrl(path, 'pl', base) },
  { hreflang: 'en', href: languageUrl(path, 'en', base) },
  { hreflang: 'x-default', href: languageUrl(path, 'pl', base) },
];
