import { afterAll, vi } from 'vitest';

// Setup file of the test projects whose files share a worker and its modules (`isolate: false`
// in vitest.config.ts): what a file changed of the process's globals is put back after it, so
// the next file in that worker starts as it would in a fresh one.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
