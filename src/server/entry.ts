/**
 * The production server entry (dist/server/entry.mjs). It boots the runtime (configuration,
 * migrations, seed, outbox worker, request observer) before the server listens, so start-up errors stop
 * the process and the first request is already observed. Our own front server (page-cache/front-server.ts) listens
 * and answers cached pages and precompressed files itself; the rest goes to @astrojs/node's handler. A start whose
 * database cannot be brought up to this code (upgrade.ts) runs the small maintenance server (maintenance.ts) instead
 * and never loads Astro: it answers and stays up, so a restart policy does not turn it into a crash loop.
 */
import { fileURLToPath } from 'node:url';
import { astroNodeHandler } from './astro-internals.ts';
import { startMaintenanceServer } from './maintenance.ts';
import { BOOT_OPTIONS, startUp, type BootOptions, type Runtime } from './runtime.ts';
import { buildMediaFiles } from './file-answer.ts';
import { hlsFiles } from './hls-files.ts';
import { keepSweepingUploads } from './recording-uploads.ts';
import { uploadedFiles } from './uploaded-files.ts';

// Set only by a test harness's preloaded module (tests/support/server.ts `preload`): never by the environment.
const started = await startUp((globalThis as { [BOOT_OPTIONS]?: BootOptions })[BOOT_OPTIONS] ?? {});
if (started.kind === 'maintenance') {
  const { config, http, log, state } = started;
  const tls = config.SERVER_CERT_PATH && config.SERVER_KEY_PATH ? { certPath: config.SERVER_CERT_PATH, keyPath: config.SERVER_KEY_PATH } : null;
  startMaintenanceServer({ state, siteName: config.SITE_NAME, observer: http, log, host: config.HOST, port: config.PORT, tls });
  log.info({ host: config.HOST, port: config.PORT, reason: state.reason }, 'listening (maintenance)');
} else {
  await serveShop(started.runtime);
}

async function serveShop(runtime: Runtime) {
  // React is loaded from node_modules, not bundled: without NODE_ENV it runs its development build, several
  // times slower per render. Set after the configuration was read, which gives NODE_ENV other meanings.
  process.env.NODE_ENV ??= 'production';
  const handler = await astroNodeHandler(() => import('@astrojs/node/server.js'));
  const { loadStaticFiles, startFrontServer } = await import('./page-cache/index.ts');

  const { HOST: host, PORT: port, SERVER_CERT_PATH, SERVER_KEY_PATH } = runtime.config;
  const clientDir = fileURLToPath(new URL('../client/', import.meta.url));
  const buildFiles = loadStaticFiles(clientDir);
  // The build's pictures and videos (the seed's media among them) by the same cache rule, not @astrojs/node's `max-age=0`.
  const buildMedia = buildMediaFiles(clientDir);
  const uploads = uploadedFiles(runtime.services.media);
  const recordings = hlsFiles(runtime.services.recordings);
  startFrontServer({
    astro: (req, res) => void handler(req, res),
    serveStatic: (req, res) => buildFiles(req, res) || buildMedia(req, res) || uploads(req, res) || recordings(req, res),
    trust: runtime.config.TRUST_PROXY,
    observer: runtime.http,
    host,
    port,
    tls: SERVER_CERT_PATH && SERVER_KEY_PATH ? { certPath: SERVER_CERT_PATH, keyPath: SERVER_KEY_PATH } : null,
  });
  // Recording uploads nobody finished are deleted a day after their last bytes.
  keepSweepingUploads(runtime.services.uploads.sweep, runtime.log);
  runtime.log.info({ host, port }, 'listening');
}
