import type { Reporter, TestModule } from 'vitest/node';

/**
 * Names every skipped case at the end of a run (the default reporter only counts them): the PostgreSQL-only cases
 * say in their name why they did not run (`onPostgres` in databases.ts), so a run without TEST_DATABASE_URL shows
 * what it left out instead of passing in silence.
 */
export default class NotRunReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const skipped = testModules.flatMap((m) => [...m.children.allTests('skipped')].map((t) => `  ↓ ${m.relativeModuleId} › ${t.fullName}`));
    if (skipped.length > 0) process.stdout.write(`\nNot run (${skipped.length}):\n${skipped.join('\n')}\n`);
    if (!process.env.TEST_DATABASE_URL) process.stdout.write('\nRan on PGlite only: set TEST_DATABASE_URL to a PostgreSQL to run the tests on it too.\n');
  }
}
