import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      '{contracts,services,projections,web,bench}/src/**/*.test.{ts,tsx}',
      'web/e2e/**/*.test.ts',
      'web/lint/**/*.test.ts',
      'scripts/**/*.test.ts',
      'services/lint/**/*.test.ts',
    ],
    // chDB allows one engine per process: every test file gets its own process.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
