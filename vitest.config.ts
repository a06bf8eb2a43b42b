import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/architecture/**/*.test.ts', 'tests/modules/**/*.test.ts', 'tests/api/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: keep the number of servers and embedded databases running at once small.
    maxWorkers: 2,
  },
});
