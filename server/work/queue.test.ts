import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/db';
import { sqliteStorage } from '../db/storage';
import { tempDir } from '../test-support';
import {
  createWorkQueue,
  PermanentWorkError,
  type WorkQueue,
  type WorkQueueOptions,
} from './queue';
import { until } from '../until-test-support';

const dirs: string[] = [];
const queues: WorkQueue[] = [];
const dbs: Database[] = [];
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop(1000)));
  for (const db of dbs.splice(0)) if (db.open) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function database(dir = tempDir()): { db: Database; dir: string } {
  if (!dirs.includes(dir)) dirs.push(dir);
  const db = openDatabase(join(dir, 'wordbench.db'));
  dbs.push(db);
  return { db, dir };
}

function queue(db: Database, options: WorkQueueOptions = {}): WorkQueue {
  const created = createWorkQueue(sqliteStorage(db), options);
  queues.push(created);
  return created;
}

interface Row {
  state: string;
  attempts: number;
  last_error: string | null;
  run_after: number;
}
const row = (db: Database, id: number) =>
  db
    .prepare('SELECT state, attempts, last_error, run_after FROM work_items WHERE id = ?')
    .get(id) as Row;

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('work queue', () => {
  it('runs an enqueued item once it is started, and marks it done', async () => {
    const { db } = database();
    const work = queue(db);
    const seen: unknown[] = [];
    work.register<{ n: number }>('echo', { run: async (payload) => void seen.push(payload) });
    const id = await work.enqueue('echo', { n: 1 });
    await work.start();
    await work.idle();
    expect(seen).toEqual([{ n: 1 }]);
    expect(row(db, id)).toMatchObject({ state: 'done', attempts: 1, last_error: null });
  });

  it('wakes on enqueue (no polling needed) and sees only committed items', async () => {
    const { db } = database();
    const work = queue(db, { pollMs: 60_000 });
    const seen: number[] = [];
    work.register<{ n: number }>('echo', { run: async ({ n }) => void seen.push(n) });
    await work.start();
    await work.idle();
    // Enqueued inside a transaction that rolls back: never runs.
    const storage = sqliteStorage(db);
    await expect(
      storage.transaction(async (tx) => {
        await work.enqueueIn(tx, 'echo', { n: 1 });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await storage.transaction((tx) => work.enqueueIn(tx, 'echo', { n: 2 }));
    await until(() => seen.length === 1);
    await work.idle();
    expect(seen).toEqual([2]);
  });

  it('retries with backoff on the injected clock, then fails and tells the handler', async () => {
    const { db } = database();
    let clock = 1_000_000;
    const work = queue(db, { now: () => clock, maxAttempts: 3, backoffMs: (n) => n * 1000 });
    const failures: string[] = [];
    let calls = 0;
    work.register('flaky', {
      run: async () => {
        calls += 1;
        throw new Error(`boom ${calls}`);
      },
      onFailed: (_payload, error) => failures.push(error),
    });
    const id = await work.enqueue('flaky', {});
    await work.start();
    await until(() => calls === 1);
    await until(() => row(db, id).state === 'queued');
    expect(row(db, id)).toMatchObject({
      attempts: 1,
      last_error: 'boom 1',
      run_after: clock + 1000,
    });

    // Not due yet: waking changes nothing.
    clock += 999;
    work.wake();
    await tick();
    expect(calls).toBe(1);

    clock += 1;
    work.wake();
    await until(() => calls === 2 && row(db, id).state === 'queued');
    expect(row(db, id)).toMatchObject({ attempts: 2, run_after: clock + 2000 });

    clock += 2000;
    work.wake();
    await until(() => row(db, id).state === 'failed');
    expect(row(db, id)).toMatchObject({ attempts: 3, last_error: 'boom 3' });
    expect(failures).toEqual(['boom 3']);
  });

  it('fails at once on a PermanentWorkError', async () => {
    const { db } = database();
    const work = queue(db);
    work.register('bad', {
      run: async () => {
        throw new PermanentWorkError('unreadable');
      },
    });
    const id = await work.enqueue('bad', {});
    await work.start();
    await until(() => row(db, id).state === 'failed');
    expect(row(db, id)).toMatchObject({ attempts: 1, last_error: 'unreadable' });
  });

  it('runs at most `concurrency` items at a time', async () => {
    const { db } = database();
    const work = queue(db, { concurrency: 2 });
    let running = 0;
    let peak = 0;
    work.register('slow', {
      run: async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 30));
        running -= 1;
      },
    });
    const ids = await Promise.all(Array.from({ length: 6 }, () => work.enqueue('slow', {})));
    await work.start();
    await until(() => ids.every((id) => row(db, id).state === 'done'));
    expect(peak).toBe(2);
  });

  it('leaves items of kinds it has no handler for waiting', async () => {
    const { db } = database();
    const work = queue(db);
    const id = await work.enqueue('from-the-future', {});
    await work.start();
    await work.idle();
    expect(row(db, id).state).toBe('queued');
  });

  it('after a crash, puts running items back in the queue, or fails those out of attempts', async () => {
    const { db, dir } = database();
    const first = queue(db, { maxAttempts: 2 });
    const releases: Array<() => void> = [];
    first.register('long', {
      run: () => new Promise<void>((resolve) => void releases.push(resolve)),
    });
    const again = await first.enqueue('long', {});
    const spent = await first.enqueue('long', {}, { maxAttempts: 1 });
    await first.start();
    await until(() => row(db, again).state === 'running' && row(db, spent).state === 'running');
    // The process dies: the database closes with both items running.
    db.close();
    for (const release of releases) release();

    const reopened = database(dir).db;
    const second = queue(reopened);
    const ran: number[] = [];
    const failed: unknown[] = [];
    second.register<{ n?: number }>('long', {
      run: async () => void ran.push(1),
      onFailed: (payload, error) => failed.push([payload, error]),
    });
    expect(await second.start()).toBe(2);
    await second.idle();
    expect(row(reopened, again)).toMatchObject({ state: 'done', attempts: 2 });
    expect(row(reopened, spent)).toMatchObject({ state: 'failed', attempts: 1 });
    expect(row(reopened, spent).last_error).toMatch(/interrupted/);
    expect(ran).toEqual([1]);
    expect(failed).toEqual([[{}, 'interrupted by a restart, no attempts left']]);
  });

  it('stop() waits for running items, and stops claiming new ones', async () => {
    const { db } = database();
    const work = queue(db, { concurrency: 1 });
    let finished = 0;
    work.register('slow', {
      run: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        finished += 1;
      },
    });
    const first = await work.enqueue('slow', {});
    const second = await work.enqueue('slow', {});
    await work.start();
    await until(() => row(db, first).state === 'running');
    await work.stop(5000);
    expect(finished).toBe(1);
    expect(row(db, first).state).toBe('done');
    expect(row(db, second).state).toBe('queued');
  });

  it('stop() gives up after its timeout, aborts the handler, and leaves the item for recovery', async () => {
    const { db } = database();
    const work = queue(db);
    let aborted = false;
    work.register('stuck', {
      run: (_payload, { signal }) =>
        new Promise<void>((resolve) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            resolve();
          });
        }),
    });
    const id = await work.enqueue('stuck', {});
    await work.start();
    await until(() => row(db, id).state === 'running');
    db.close();
    await work.stop(20);
    expect(aborted).toBe(true);
  });

  it('gives the attempt back to an item that stop() interrupted, which then runs again', async () => {
    const { db } = database();
    const first = queue(db);
    const handler = (calls: string[]) => ({
      maxAttempts: 1,
      run: (_payload: unknown, { signal }: { signal: AbortSignal }) =>
        new Promise<void>((resolve, reject) => {
          calls.push('run');
          if (calls.length > 1) return resolve();
          signal.addEventListener('abort', () => reject(signal.reason as Error));
        }),
    });
    const calls: string[] = [];
    first.register('long', handler(calls));
    const id = await first.enqueue('long', {});
    await first.start();
    await until(() => row(db, id).state === 'running');
    await first.stop(20);
    // One attempt allowed, and it was used: still queued, not failed, for the next start.
    expect(row(db, id)).toMatchObject({
      state: 'queued',
      attempts: 0,
      last_error: 'interrupted: the server stopped',
    });
    const second = queue(db);
    second.register('long', handler(calls));
    await second.start();
    await until(() => row(db, id).state === 'done');
    expect(calls).toEqual(['run', 'run']);
  });
});
