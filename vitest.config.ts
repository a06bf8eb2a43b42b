import { configDefaults, defineConfig } from 'vitest/config';
import { UNIT_TESTS } from './tests/unit-lane.ts';

/** Tests that start the production build (a server per file) live under tests/api/; every other test runs in-process. */
const SERVER_TESTS = 'tests/api/**';
const ARCHITECTURE = 'tests/architecture/**';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: keep the number of servers and embedded databases running at once small.
    maxWorkers: 2,
    reporters: ['default', './tests/support/not-run-reporter.ts'],
    // The lanes of scripts/test.mjs pick these by name (`--project`); plain `vitest run` runs all four.
    projects: [
      { extends: true, test: { name: 'architecture', include: [`${ARCHITECTURE}/*.test.ts`] } },
      // Pure deciders, views and parts (tests/unit-lane.ts): no database, server or process, so no PGlite template.
      // They change no global state, so they share one module cache: importing each file's graph anew was 70% of the time.
      { extends: true, test: { name: 'unit', include: [...UNIT_TESTS], isolate: false } },
      // Modules, islands, i18n and the web layer's parts: in-process, PGlite (and TEST_DATABASE_URL's PostgreSQL).
      {
        extends: true,
        test: {
          name: 'modules',
          include: ['tests/**/*.test.ts'],
          exclude: [...configDefaults.exclude, SERVER_TESTS, ARCHITECTURE, 'tests/browser/**', ...UNIT_TESTS],
          globalSetup: ['tests/support/pglite-template.ts'],
        },
      },
      { extends: true, test: { name: 'api', include: [`${SERVER_TESTS}/*.test.ts`] } },
    ],
  },
});
