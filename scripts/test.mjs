// `npm test`: every lane below, in order. `npm run test:<lane>` runs one (README, "Tests"):
//   unit     the pure deciders, views and parts (tests/unit-lane.ts): no database, server or process; under a minute
//   quick    lint, a type check of the TypeScript (tsc), architecture, unit and module tests on PGlite only; no server
//   modules  architecture, unit and module tests, on PGlite and on TEST_DATABASE_URL's PostgreSQL when it is set
//   api      the HTTP API against the production build (built first when stale)
//   browser  Playwright with Debian's Chromium against the production build
// `npm test` is lint, `astro check` (which also checks .astro files), then the modules, api and browser lanes.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';
import { MODULE_TEST_PACKAGES, ensurePackages } from './ensure-packages.mjs';

const root = join(import.meta.dirname, '..');
const bin = (pkg, file) => join(root, 'node_modules', pkg, file);
function run(label, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env } });
  if (r.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(r.status ?? 1);
  }
}

const vitest = (projects) => [bin('vitest', 'vitest.mjs'), 'run', ...projects.flatMap((p) => ['--project', p]), ...extra];
const lint = () => run('lint (oxlint)', [bin('oxlint', 'bin/oxlint'), '--deny-warnings', 'src', 'modules', 'migrations', 'tests', 'scripts', 'bench']);

const lanes = {
  unit() {
    run('unit tests: pure deciders and views (vitest)', vitest(['unit']));
  },
  quick() {
    // The module tests check every calendar invitation with libical (compiled against libical-dev).
    ensurePackages(MODULE_TEST_PACKAGES);
    lint();
    run('type check (tsc --noEmit; .astro files only in `npm test`)', [bin('typescript', 'bin/tsc'), '--noEmit', '-p', 'tsconfig.json']);
    // PGlite only, even where TEST_DATABASE_URL is set: the quick lane needs no database server.
    run('architecture, unit and module tests on PGlite (vitest)', vitest(['architecture', 'unit', 'modules']), { TEST_DATABASE_URL: '' });
  },
  modules() {
    ensurePackages(MODULE_TEST_PACKAGES);
    run('architecture, unit and module tests (vitest)', vitest(['architecture', 'unit', 'modules']));
  },
  api() {
    ensurePackages();
    buildIfStale();
    run('HTTP API tests (vitest)', vitest(['api']));
  },
  browser() {
    ensurePackages();
    buildIfStale();
    run('browser tests (playwright, Debian chromium)', [bin('@playwright/test', 'cli.js'), 'test', ...extra]);
  },
  all() {
    ensurePackages();
    lint();
    run('type check (astro check)', [bin('astro', 'bin/astro.mjs'), 'check', '--minimumSeverity', 'warning']);
    buildIfStale();
    run('module and API tests (vitest)', vitest(['architecture', 'unit', 'modules', 'api']));
    run('browser tests (playwright, Debian chromium)', [bin('@playwright/test', 'cli.js'), 'test']);
  },
};

const [lane = 'all', ...extra] = process.argv.slice(2);
if (!(lane in lanes)) {
  console.error(`Unknown lane ${lane}: one of ${Object.keys(lanes).join(', ')}.`);
  process.exit(2);
}
const started = Date.now();
lanes[lane]();
console.log(`\n✔ ${lane === 'all' ? 'every test' : `the ${lane} lane`} passed in ${Math.round((Date.now() - started) / 1000)} s`);
