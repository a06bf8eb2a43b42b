/**
 * The production server entry (dist/server/entry.mjs). It boots the runtime (configuration,
 * migrations, seed, outbox worker, request observer) before the server listens, so start-up errors stop
 * the process and the first request is already observed. Our own front server (front-server.ts) listens
 * and answers cached pages and precompressed files itself; the rest goes to @astrojs/node's handler.
 */
import { fileURLToPath } from 'node:url';
import { getRuntime } from './runtime.ts';

const runtime = await getRuntime();
// React is loaded from node_modules, not bundled: without NODE_ENV it runs its development build, several
// times slower per render. Set after the configuration was read, which gives NODE_ENV other meanings.
process.env.NODE_ENV ??= 'production';
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler, options } = await import('@astrojs/node/server.js');
const { startFrontServer } = await import('./front-server.ts');
const { loadStaticFiles } = await import('./static-files.ts');

const host = process.env.HOST ?? (typeof options.host === 'string' ? options.host : options.host ? '0.0.0.0' : 'localhost');
const port = process.env.PORT ? Number(process.env.PORT) : options.port ?? 8080;
startFrontServer({
  astro: (req, res) => void handler(req, res),
  serveStatic: loadStaticFiles(fileURLToPath(new URL('../client/', import.meta.url))),
  trust: runtime.config.TRUST_PROXY,
  observer: runtime.http,
  host,
  port,
});
runtime.log.info({ host, port }, 'listening');
