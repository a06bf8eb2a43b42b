import type { APIRoute } from 'astro';
import { CATEGORY_PATHS, explorePath, languageAlternates, languageUrl } from '../components/site.ts';

/** Every public page in both languages, with hreflang alternates. */
export const GET: APIRoute = async ({ locals }) => {
  const { config, services } = locals.runtime;
  const base = config.PUBLIC_URL;
  const products = await services.catalogue.products();
  const paths = ['/', explorePath(config.SITE_NAME), ...Object.values(CATEGORY_PATHS), ...products.map((p) => `/video-details/${p.key}`),
    '/biblioteka', '/kontakt', '/regulamin', '/polityka-prywatnosci'];
  const xml = (text: string) => text.replace(/&/g, '&amp;');
  // The same addresses as the pages' own canonical and hreflang links (src/layouts/Base.astro).
  const entries = paths.flatMap((path) => (['pl', 'en'] as const).map((lang) => `  <url>
    <loc>${xml(languageUrl(path, lang, base))}</loc>
${languageAlternates(path, base).map((a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${xml(a.href)}"/>`).join('\n')}
  </url>`));
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries.join('\n')}
</urlset>
`;
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
};
