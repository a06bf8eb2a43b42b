// @ts-check
import { defineConfig, memoryCache } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

/**
 * @astrojs/node standalone, with our own entry in front of its server module (src/server/entry.ts)
 * so the runtime boots before the server listens.
 * @param {Parameters<typeof node>[0]} options
 */
function nodeWithBootEntry(options) {
  const integration = node(options);
  const configDone = integration.hooks['astro:config:done'];
  if (!configDone) throw new Error('@astrojs/node no longer sets its adapter in astro:config:done');
  integration.hooks['astro:config:done'] = (params) => configDone({
    ...params,
    setAdapter: (adapter) => params.setAdapter({ ...adapter, serverEntrypoint: new URL('./src/server/entry.ts', import.meta.url) }),
  });
  return integration;
}

export default defineConfig({
  output: 'server',
  adapter: nodeWithBootEntry({ mode: 'standalone' }),
  markdown: { syntaxHighlight: false },
  integrations: [react(), {
    // Islands that hydrate at the first scroll, tap or key press (src/islands/shared/on-interaction.ts).
    name: 'client-interaction',
    hooks: { 'astro:config:setup': ({ addClientDirective }) => addClientDirective({ name: 'interaction', entrypoint: './src/islands/shared/on-interaction.ts' }) },
  }],
  server: { port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? 'localhost' },
  // Astro's memory cache, keyed per language and bypassed for signed-in requests (see the provider file).
  cache: { provider: { ...memoryCache(), name: 'memory-per-visitor', entrypoint: './src/server/page-cache-provider.ts' } },
  // Our own origin check covers cookie-authenticated API calls (see src/server/http.ts).
  security: {
    checkOrigin: false,
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "media-src 'self' blob:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ],
      // React islands set style attributes in server-rendered markup.
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  devToolbar: { enabled: false },
  // The site's stylesheet is a hashed file (immutable, precompressed) rather than inline: inline, it was 3 KB of
  // every compressed page (a third of the home page), sent again with every page view and every cache hit; as a
  // file it costs one request on a first visit (Lighthouse mobile LCP 0.9 → 1.0 s) and nothing after.
  build: { inlineStylesheets: 'never' },
  // Likewise the pages' own small scripts (the language mirror on every page, the home page's scroll effect): hashed
  // module files, cached for a year, instead of bytes in every page. Other small assets keep Vite's default.
  vite: { build: { assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined) } },
});
