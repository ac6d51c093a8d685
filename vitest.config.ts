import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'shared/**/*.test.ts',
      'server/**/*.test.ts',
      'electron/**/*.test.ts',
      'renderer/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    // Native modules (better-sqlite3) and child processes are simplest in forked workers.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
