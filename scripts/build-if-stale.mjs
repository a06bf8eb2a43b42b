// Builds the server when dist/ is missing or older than any source it is built from.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['src', 'modules', 'migrations', 'public', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];
const STAMP = join(root, 'dist', 'server', 'entry.mjs');

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

function isBuildStale() {
  if (!existsSync(STAMP)) return true;
  const built = statSync(STAMP).mtimeMs;
  return SOURCES.some((s) => newest(join(root, s)) > built);
}

export function buildIfStale({ force = false } = {}) {
  if (!force && !isBuildStale()) return false;
  console.log('Building the server (astro build)…');
  const astro = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const result = spawnSync(process.execPath, [astro, 'build'], {
    cwd: root, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) {
    console.error('The build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
  console.log(`Precompressed ${precompress(join(root, 'dist', 'client'))} client files (brotli, gzip).`);
  // In a process of its own: initdb takes a few hundred megabytes for a few seconds, which this one need not keep.
  const template = spawnSync(process.execPath, [join(root, 'scripts', 'pgdata-template.mjs')], { cwd: root, stdio: 'inherit' });
  if (template.status !== 0) {
    console.error('Making the empty database template failed; see the output above.');
    process.exit(template.status ?? 1);
  }
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale({ force: process.argv.includes('--force') });
