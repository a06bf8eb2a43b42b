import { configDefaults, defineConfig } from 'vitest/config';

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
    // The lanes of scripts/test.mjs pick these by name (`--project`); plain `vitest run` runs all three.
    projects: [
      { extends: true, test: { name: 'architecture', include: [`${ARCHITECTURE}/*.test.ts`] } },
      // Modules, islands, i18n and the web layer's parts: in-process, PGlite (and TEST_DATABASE_URL's PostgreSQL).
      {
        extends: true,
        test: {
          name: 'modules',
          include: ['tests/**/*.test.ts'],
          exclude: [...configDefaults.exclude, SERVER_TESTS, ARCHITECTURE, 'tests/browser/**'],
          globalSetup: ['tests/support/pglite-template.ts'],
        },
      },
      { extends: true, test: { name: 'api', include: [`${SERVER_TESTS}/*.test.ts`] } },
    ],
  },
});
