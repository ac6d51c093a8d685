/**
 * Records what a callback reports and lets a test wait for the next report that matches; a wait
 * ends only by a report (vitest's test timeout bounds it), never by a clock. Ask before the
 * action whose report you wait for.
 */
export function statusLog<T>() {
  const seen: T[] = [];
  const waiters: Array<{ matches: (value: T) => boolean; resolve: (value: T) => void }> = [];
  return {
    push(value: T) {
      seen.push(value);
      for (const waiter of [...waiters]) {
        if (!waiter.matches(value)) continue;
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(value);
      }
    },
    all: () => [...seen],
    last: () => seen.at(-1),
    /** The next report (from now on) that matches. */
    until(matches: (value: T) => boolean): Promise<T> {
      return new Promise((resolve) => waiters.push({ matches, resolve }));
    },
  };
}
