// @ts-check
import { defineConfig, memoryCache } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { withServerEntry } from './src/server/astro-internals.ts';
import { workerChunks } from './src/server/worker-chunks.ts';
import { writeBuildInfo } from './scripts/build-info.mjs';

export default defineConfig({
  output: 'server',
  // Our entry boots the runtime before anything listens, and listens with our front server (src/server/entry.ts).
  adapter: withServerEntry(node({ mode: 'standalone' }), new URL('./src/server/entry.ts', import.meta.url)),
  markdown: { syntaxHighlight: false },
  integrations: [react(), {
    // Islands that hydrate at the first scroll, tap or key press (src/islands/shared/on-interaction.ts).
    name: 'client-interaction',
    hooks: { 'astro:config:setup': ({ addClientDirective }) => addClientDirective({ name: 'interaction', entrypoint: './src/islands/shared/on-interaction.ts' }) },
  }, {
    // dist/server/build-info.json: version, commit and build time for the admin's system page (scripts/build-info.mjs).
    name: 'build-info',
    hooks: { 'astro:build:done': () => { writeBuildInfo(); } },
  }],
  // `astro dev` only: the production server takes HOST and PORT from the configuration (modules/shared/config).
  server: { port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? 'localhost' },
  // Our page cache (src/server/page-cache/): kept per visitor (language, signed-in user), as each route declares.
  cache: { provider: { ...memoryCache(), name: 'page-store-per-visitor', entrypoint: './src/server/page-cache/provider.ts' } },
  // Our own origin check covers cookie-authenticated API calls (isCrossSiteRequest in src/server/client.ts, applied by src/middleware.ts).
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
  // The site's stylesheet is a hashed file (immutable, precompressed) rather than inline: inline, it was a large part
  // of every compressed page, sent again with every page view and every cache hit; as a file it costs one request on a
  // first visit and nothing after (figures: bench/README.md).
  build: { inlineStylesheets: 'never' },
  // Likewise the pages' own small scripts (the language mirror on every page, the home page's scroll effect): hashed
  // module files, cached for a year, instead of bytes in every page. Other small assets keep Vite's default.
  // Worker threads (the password pool's) become chunks of their own in the server build (src/server/worker-chunks.ts).
  vite: { plugins: [workerChunks()], build: { assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined) } },
});
