import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Debian's Chromium: Playwright's own browser downloads cannot be reached from these machines.
const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error('Chromium is missing: run `apt-get install -y chromium`');
}

export default defineConfig({
  testDir: 'e2e',
  // Copies out/ for the run, so a build started meanwhile does not change the app under test.
  globalSetup: './e2e/global-setup.ts',
  // Each worker starts one API server; each test gets its own organization on it and its own web
  // host (about half a second), so tests are independent and any split between workers works.
  // Two workers suit a 2-core machine.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: 'list',
  // Hang guards, not speed limits: every wait ends on the event it waits for (a test id, an
  // attribute, a download), so these only decide how long a stuck test takes to fail. A busy
  // shared machine may be several times slower than a quiet one.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  forbidOnly: !!process.env.CI,
  use: {
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
