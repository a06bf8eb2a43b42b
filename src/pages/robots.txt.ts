import type { APIRoute } from 'astro';

/** Crawl everything public; point at the sitemap with an absolute address. */
export const GET: APIRoute = ({ locals }) => {
  const base = locals.runtime.config.PUBLIC_URL;
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', `Sitemap: ${new URL('/sitemap.xml', base).href}`, ''].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
