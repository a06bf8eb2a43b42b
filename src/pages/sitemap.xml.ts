import type { APIRoute } from 'astro';
import { CATEGORY_PATHS, explorePath } from '../components/site.ts';

/** Every public page in both languages, with hreflang alternates. */
export const GET: APIRoute = async ({ locals }) => {
  const { config, services } = locals.runtime;
  const base = config.PUBLIC_URL;
  const products = await services.catalogue.products();
  const paths = ['/', explorePath(config.SITE_NAME), ...Object.values(CATEGORY_PATHS), ...products.map((p) => `/video-details/${p.key}`),
    '/biblioteka', '/kontakt', '/regulamin', '/polityka-prywatnosci'];
  const href = (path: string, lang: string) => new URL(`${path}?lang=${lang}`, base).href.replace(/&/g, '&amp;');
  const entries = paths.flatMap((path) => ['pl', 'en'].map((lang) => `  <url>
    <loc>${href(path, lang)}</loc>
    <xhtml:link rel="alternate" hreflang="pl" href="${href(path, 'pl')}"/>
    <xhtml:link rel="alternate" hreflang="en" href="${href(path, 'en')}"/>
  </url>`));
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries.join('\n')}
</urlset>
`;
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
};
