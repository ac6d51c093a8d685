/**
 * The quota shared by the processes of a team server, on a real PostgreSQL: two storages (two
 * connection pools, as two processes have) count one key together.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBothBackends } from '../db/backends-test-support';
import { openPostgresStorage, type Storage } from '../db/storage';
import { createSharedQuota } from './shared-quota';

const both = useBothBackends('quota');
let closeA: () => Promise<void>;
let a: Storage;
let b: Storage;
let clock = 1_800_000_000_000;
const now = () => clock;
const options = { limit: 20, windowMs: 60_000, blockMs: 60_000 };

beforeAll(async () => {
  const fresh = await both.fresh('postgres', 'quota_shared');
  [a, closeA] = [fresh.storage, fresh.close];
  b = await openPostgresStorage(fresh.url!);
});

afterAll(async () => {
  await closeA?.();
  await b?.close();
});

describe('shared quota', () => {
  it('refuses the request past the limit whichever process it reaches, then blocks the key', async () => {
    const [qa, qb] = [createSharedQuota(a, options, now), createSharedQuota(b, options, now)];
    for (let i = 0; i < 20; i++) {
      const decision = await (i % 2 === 0 ? qa : qb).check(1);
      expect(decision).toMatchObject({ allowed: true, remaining: 19 - i });
      clock += 100;
    }
    expect(await qb.check(1)).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
    clock += 30_000;
    // Blocked on every process, for the block's whole length, even as the window slides.
    expect(await qa.check(1)).toMatchObject({ allowed: false, retryAfterSeconds: 30 });
    expect(await qb.check(2)).toMatchObject({ allowed: true, remaining: 19 });
    clock += 30_001;
    expect(await qa.check(1)).toMatchObject({ allowed: true });
  });

  it('lets exactly the limit through when both processes are hit at once', async () => {
    const [qa, qb] = [createSharedQuota(a, options, now), createSharedQuota(b, options, now)];
    const decisions = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? qa : qb).check(3)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(20);
  });
});
