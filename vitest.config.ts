import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Every Vitest file under tests/ (browser specs are Playwright's *.spec.ts).
    include: ['tests/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: keep the number of servers and embedded databases running at once small.
    maxWorkers: 2,
  },
});
