import { describe, expect, it } from 'vitest';
import { exponentialBackoff } from './backoff';
import { spanInWords } from './deliver-head';

describe('the webhook backoff', () => {
  it('doubles from 5 s up to 1 h, within 20 % either way', () => {
    const low = exponentialBackoff(() => 0);
    const middle = exponentialBackoff(() => 0.5);
    const high = exponentialBackoff(() => 1);
    expect([1, 2, 3, 4].map(middle)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(low(1)).toBe(4_000);
    // The first retry comes within 10 s even at the top of the jitter.
    expect(high(1)).toBe(6_000);
    expect([11, 12, 50, 5_000].map(middle)).toEqual([3_600_000, 3_600_000, 3_600_000, 3_600_000]);
    expect(high(5_000)).toBe(4_320_000);
    expect(low(5_000)).toBe(2_880_000);
  });

  it('spreads receivers that failed together', () => {
    const backoff = exponentialBackoff();
    const waits = new Set(Array.from({ length: 50 }, () => backoff(3)));
    expect(waits.size).toBeGreaterThan(1);
    for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(16_000);
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(24_000);
  });

  it('says the limits in words', () => {
    expect([86_400_000, 5 * 86_400_000, 90_000, 3_600_000, 1_500].map(spanInWords)).toEqual([
      '24 h',
      '5 days',
      '90 s',
      '1 h',
      '1500 ms',
    ]);
  });
});
