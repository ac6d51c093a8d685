// Test support: waiting for something to happen, however busy the machine is.

const POLL_MS = 20;
const REPORT_EVERY_MS = 30_000;

/**
 * Polls `check` until it answers true. It has no deadline of its own: a wait that never ends is
 * ended by the test's timeout (vitest.config.ts), a hang guard, so a slow machine makes the test
 * slower, never red. A long wait says what it is waiting for (`what`) every 30 s.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what = 'a condition',
): Promise<void> {
  const started = Date.now();
  let reported = started;
  while (!(await check())) {
    if (Date.now() - reported >= REPORT_EVERY_MS) {
      reported = Date.now();
      console.warn(`still waiting for ${what} after ${Math.round((reported - started) / 1000)} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
