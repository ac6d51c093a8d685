import { describe, expect, it } from 'vitest';
import { createAuthThrottle, throttleAddress } from './auth-throttle';

function throttleAt(start: number, options = {}) {
  const clock = { time: start };
  const throttle = createAuthThrottle(
    { maxFailures: 3, windowMs: 60_000, maxAddresses: 100, ...options },
    () => clock.time,
  );
  return { clock, throttle };
}

describe('createAuthThrottle', () => {
  it('accepts maxFailures per window, then refuses until the oldest leaves the window', () => {
    const { clock, throttle } = throttleAt(1_000_000);
    for (let i = 0; i < 3; i++) expect(throttle.fail('10.0.0.1')).toEqual({ allowed: true });
    clock.time += 20_500;
    expect(throttle.fail('10.0.0.1')).toEqual({
      allowed: false,
      reason: 'address',
      retryAfterSeconds: 40,
    });
    // Another address has its own count.
    expect(throttle.fail('10.0.0.2')).toEqual({ allowed: true });
    clock.time = 1_000_000 + 60_000;
    expect(throttle.fail('10.0.0.1').allowed).toBe(true);
  });

  it('is a sliding window: no 60 s interval accepts more than the limit, even across an edge', () => {
    const { clock, throttle } = throttleAt(0);
    const accepted: number[] = [];
    // One attempt every 100 ms for five minutes, at a steady rate far above the limit.
    for (clock.time = 0; clock.time < 300_000; clock.time += 100) {
      if (throttle.fail('10.0.0.1').allowed) accepted.push(clock.time);
    }
    for (const [i, time] of accepted.entries()) {
      const inWindow = accepted.filter((t) => t >= time && t < time + 60_000).length;
      expect(inWindow, `window from ${accepted[i]}`).toBeLessThanOrEqual(3);
    }
    expect(accepted).toHaveLength(15);
  });

  it('does not count refused attempts: they do not extend the wait', () => {
    const { clock, throttle } = throttleAt(0);
    for (let i = 0; i < 3; i++) throttle.fail('10.0.0.1');
    for (let i = 0; i < 100; i++) {
      clock.time += 500;
      expect(throttle.fail('10.0.0.1').allowed).toBe(false);
    }
    clock.time = 60_000;
    expect(throttle.fail('10.0.0.1').allowed).toBe(true);
  });

  it('forgets addresses whose failures are all older than the window', () => {
    const { clock, throttle } = throttleAt(0);
    for (let i = 0; i < 50; i++) throttle.fail(`10.0.1.${i}`);
    expect(throttle.size()).toBe(50);
    clock.time = 30_000;
    throttle.fail('10.0.2.1');
    expect(throttle.size()).toBe(51);
    clock.time = 60_000;
    throttle.fail('10.0.2.2');
    expect(throttle.size()).toBe(2);
  });

  it('caps the addresses it tracks, refusing new ones rather than forgetting old ones', () => {
    const { clock, throttle } = throttleAt(0, { maxAddresses: 10 });
    for (let i = 0; i < 10; i++) expect(throttle.fail(`10.0.1.${i}`).allowed).toBe(true);
    clock.time = 15_000;
    expect(throttle.fail('10.0.9.9')).toEqual({
      allowed: false,
      reason: 'full',
      retryAfterSeconds: 45,
    });
    expect(throttle.size()).toBe(10);
    // A tracked address still gets its own count.
    expect(throttle.fail('10.0.1.0').allowed).toBe(true);
    clock.time = 60_000;
    expect(throttle.fail('10.0.9.9').allowed).toBe(true);
    expect(throttle.size()).toBe(2);
  });

  it('keeps counting when the clock steps back', () => {
    const { clock, throttle } = throttleAt(100_000);
    for (let i = 0; i < 3; i++) throttle.fail('10.0.0.1');
    clock.time = 0;
    expect(throttle.fail('10.0.0.1').allowed).toBe(false);
  });
});

describe('throttleAddress', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('counts %s as %s', (ip, expected) => {
    expect(throttleAddress(ip)).toBe(expected);
  });
});
