import { slugify } from '../../modules/catalogue/index.ts';
import type { Category } from '../../modules/catalogue/index.ts';

/** The category listings of spec 2, by path. */
export const CATEGORY_PATHS: Record<Category, string> = { seminar: '/seminaria', workshop: '/warsztaty', training: '/treningi' };
export const categoryOfPath = (path: string): Category | null =>
  (Object.entries(CATEGORY_PATHS).find(([, p]) => p === path)?.[0] as Category | undefined) ?? null;

/** `/eksploruj-{product}`: the explore page, named after the product (the site's name). */
export const explorePath = (siteName: string) => `/eksploruj-${slugify(siteName) || 'gestalt'}`;

/** Owned items go to the watch page, the others to the purchase page (spec 2). */
export const productHref = (key: string, owned: Set<string>) => (owned.has(key) ? `/watch-video/${key}` : `/video-details/${key}`);

/** The demo phone number shown in the footer and on the contact page. */
export const CONTACT_PHONE = '+48 600 100 200';
