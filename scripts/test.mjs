// `npm test`: lint, type-check, build if stale, then module + HTTP API tests (Vitest) and browser tests (Playwright).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';
import { ensurePackages } from './ensure-packages.mjs';

const root = join(import.meta.dirname, '..');
const bin = (pkg, file) => join(root, 'node_modules', pkg, file);
function run(label, args) {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
  if (r.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(r.status ?? 1);
  }
}

ensurePackages();
run('lint (oxlint)', [bin('oxlint', 'bin/oxlint'), '--deny-warnings', 'src', 'modules', 'migrations', 'tests', 'scripts', 'bench']);
run('type check (astro check)', [bin('astro', 'bin/astro.mjs'), 'check', '--minimumSeverity', 'warning']);
buildIfStale();
run('module and API tests (vitest)', [bin('vitest', 'vitest.mjs'), 'run']);
run('browser tests (playwright, Debian chromium)', [bin('@playwright/test', 'cli.js'), 'test']);
