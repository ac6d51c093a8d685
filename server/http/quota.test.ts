import { afterEach, describe, expect, it } from 'vitest';
import { defaultUser } from '../db/bootstrap';
import { createKey } from '../db/keys';
import { createTestApp, TEST_KEY, type TestApp } from '../test-support';
import fc from 'fast-check';
import { createQuota, DEFAULT_QUOTA } from './quota';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const START = 1_800_000_000_000;

async function appWithClock(quota?: { limit: number; windowMs: number; blockMs: number }) {
  const clock = { now: START };
  t = await createTestApp({ now: () => clock.now, quota });
  const app = t.app;
  const get = (key = TEST_KEY) => app.inject({ url: '/v2/languages', headers: { key } });
  return { clock, get };
}

describe('quota', () => {
  it('allows 4000 requests a minute, then refuses with 429 for 60 s', async () => {
    const { clock, get } = await appWithClock();
    for (let i = 1; i <= 4000; i++) {
      const response = await get();
      if (response.statusCode !== 200) throw new Error(`request ${i} got ${response.statusCode}`);
    }
    const refused = await get();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.headers['x-request-id']).toBeTruthy();
    expect(refused.json()).toEqual({
      message: 'Rate limit exceeded: 4000 requests per minute. Retry after 60 seconds.',
    });

    clock.now = START + 59_000;
    const stillRefused = await get();
    expect(stillRefused.statusCode).toBe(429);
    expect(stillRefused.headers['retry-after']).toBe('1');

    clock.now = START + 60_000;
    const allowed = await get();
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['x-ratelimit-remaining']).toBe('3999');
  });

  it('puts the rate-limit headers on successful responses', async () => {
    const { get } = await appWithClock();
    const response = await get();
    expect(response.headers['x-ratelimit-limit']).toBe('4000');
    expect(response.headers['x-ratelimit-remaining']).toBe('3999');
    expect(response.headers['x-ratelimit-reset']).toBe(String((START + 60_000) / 1000));
  });

  it('counts each key separately', async () => {
    const { get } = await appWithClock({ limit: 2, windowMs: 60_000, blockMs: 60_000 });
    const other = (await createKey(t!.storage.db, (await defaultUser(t!.storage.db))!.userId)).key;
    expect((await get()).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(429);
    expect((await get(other)).statusCode).toBe(200);
    expect((await get(other)).headers['x-ratelimit-remaining']).toBe('0');
  });

  it('uses the configured numbers in the message and keeps the block from the first refusal', async () => {
    const { clock, get } = await appWithClock({ limit: 1, windowMs: 10_000, blockMs: 30_000 });
    expect((await get()).statusCode).toBe(200);
    const refused = await get();
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.json().message).toBe(
      'Rate limit exceeded: 1 requests per 10 seconds. Retry after 30 seconds.',
    );
    clock.now = START + 20_000;
    expect((await get()).headers['retry-after']).toBe('10');
    clock.now = START + 30_000;
    expect((await get()).statusCode).toBe(200);
  });

  it('does not count public routes or requests without a valid key', async () => {
    const { get } = await appWithClock({ limit: 1, windowMs: 60_000, blockMs: 60_000 });
    await t!.app.inject({ url: '/health' });
    await get('wb_wrong');
    expect((await get()).statusCode).toBe(200);
  });
});

describe('createQuota', () => {
  it('drops entries whose window and block are over', () => {
    let now = 0;
    const quota = createQuota({ limit: 1, windowMs: 1000, blockMs: 5000 }, () => now);
    quota.check('a');
    quota.check('b');
    quota.check('b');
    expect(quota.size()).toBe(2);
    now = 1000;
    quota.check('c');
    // `a` is stale; `b` is still blocked.
    expect(quota.size()).toBe(2);
    now = 7000;
    quota.check('c');
    expect(quota.size()).toBe(1);
  });
});

describe('the sliding window', () => {
  it('refuses the burst at a window edge that a fixed window let through', () => {
    let now = 0;
    const quota = createQuota(DEFAULT_QUOTA, () => now);
    quota.check('k');
    now = 58_900;
    for (let i = 0; i < 3999; i++) expect(quota.check('k').allowed).toBe(true);
    now = 60_300;
    // The request at 0 has left the window: one place is free, then the key is blocked.
    const decisions = Array.from({ length: 4000 }, () => quota.check('k').allowed);
    expect(decisions.filter(Boolean)).toHaveLength(1);
    const refused = quota.check('k');
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
  });

  it('never accepts more than the limit in any window, whatever the timing', () => {
    const options = { limit: 5, windowMs: 1000, blockMs: 300 };
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 300 }), (gaps) => {
        let now = 0;
        const quota = createQuota(options, () => now);
        const accepted: number[] = [];
        for (const gap of gaps) {
          now += gap;
          const decision = quota.check('k');
          if (decision.allowed) accepted.push(now);
          if (decision.allowed) expect(decision.remaining).toBeGreaterThanOrEqual(0);
        }
        for (let i = options.limit; i < accepted.length; i++) {
          expect(accepted[i]! - accepted[i - options.limit]!).toBeGreaterThanOrEqual(
            options.windowMs,
          );
        }
      }),
      { seed: 11, numRuns: 300 },
    );
  });

  it('counts what is left in the window and when its oldest request leaves', () => {
    let now = 0;
    const quota = createQuota({ limit: 3, windowMs: 1000, blockMs: 1000 }, () => now);
    expect(quota.check('k')).toMatchObject({ remaining: 2, resetAt: 1000 });
    now = 400;
    expect(quota.check('k')).toMatchObject({ remaining: 1, resetAt: 1000 });
    now = 1000;
    // The first request has left: two in the window again, the oldest from 400.
    expect(quota.check('k')).toMatchObject({ remaining: 1, resetAt: 1400 });
  });
});
