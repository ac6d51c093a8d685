import { describe, expect, it } from 'vitest';
import { SlidingLog } from './sliding-log';

describe('SlidingLog', () => {
  it('accepts up to the limit in any window, then again as the oldest leave', () => {
    const log = new SlidingLog(3, 1000);
    expect([0, 100, 200, 300].map((t) => log.tryAccept(t))).toEqual([true, true, true, false]);
    expect(log.inWindow(999)).toBe(3);
    expect(log.resetAt(999)).toBe(1000);
    // At 1000 the time 0 has left: one place, then full again until 1100.
    expect(log.tryAccept(1000)).toBe(true);
    expect(log.tryAccept(1050)).toBe(false);
    expect(log.tryAccept(1100)).toBe(true);
    expect(log.newest()).toBe(1100);
    expect(log.inWindow(5000)).toBe(0);
    expect(log.resetAt(5000)).toBe(6000);
  });
});
