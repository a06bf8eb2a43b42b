// Writes brotli and gzip copies next to the compressible files of the client build, once per build, at the
// highest settings: the server answers them to clients that accept them (src/server/page-cache/static-files.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.html', '.txt', '.xml']);

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

export function precompress(clientDir) {
  let files = 0;
  for (const path of walk(clientDir)) {
    if (!COMPRESSIBLE.has(extname(path))) continue;
    const body = readFileSync(path);
    writeFileSync(`${path}.br`, zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }));
    writeFileSync(`${path}.gz`, zlib.gzipSync(body, { level: 9 }));
    files += 1;
  }
  return files;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = fileURLToPath(new URL('../dist/client/', import.meta.url));
  if (statSync(dir, { throwIfNoEntry: false })?.isDirectory()) console.log(`Precompressed ${precompress(dir)} client files.`);
}
