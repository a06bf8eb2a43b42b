/**
 * Worker threads in the production build. A module starts its worker from the file beside it,
 * `new Worker(new URL('./name-worker.ts', import.meta.url))`: run from the sources (tests, `astro dev`), Node strips the
 * types and runs that file. Vite bundles the server into chunks elsewhere and rewrites such URLs only for browser
 * code, so in dist/ that URL would name a file that is not there. This plugin makes each such worker a chunk of the
 * server build of its own (dist/server/workers/name-worker.mjs, its packages left external like the server's) and
 * points the URL at it. astro.config.mjs loads this file; nothing at run time does.
 */
import { basename, dirname, posix, resolve } from 'node:path';
import type { Plugin } from 'vite';

const WORKER_URL = /new URL\(\s*(['"])(\.\/[\w-]+-worker\.ts)\1\s*,\s*import\.meta\.url\s*\)/g;
const PLACEHOLDER = /__worker_chunk_(\w+)__/g;

export function workerChunks(): Plugin {
  return {
    name: 'gestalt:worker-chunks',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'server',
    transform(code, id) {
      if (!code.includes('-worker.ts')) return null;
      let changed = false;
      const rewritten = code.replace(WORKER_URL, (_whole, _quote, file: string) => {
        const reference = this.emitFile({ type: 'chunk', id: resolve(dirname(id), file), fileName: `workers/${basename(file, '.ts')}.mjs` });
        changed = true;
        return `new URL("__worker_chunk_${reference}__", import.meta.url)`;
      });
      return changed ? { code: rewritten, map: null } : null;
    },
    // The path from the chunk that starts the worker to the worker's chunk. Not import.meta.ROLLUP_FILE_URL_…: Vite
    // turns that into a site URL, and Astro then moves the file to the public client folder.
    renderChunk(code, chunk) {
      if (!code.includes('__worker_chunk_')) return null;
      return code.replace(PLACEHOLDER, (_whole, reference: string) => {
        const path = posix.relative(posix.dirname(chunk.fileName), this.getFileName(reference));
        return path.startsWith('.') ? path : `./${path}`;
      });
    },
  };
}
