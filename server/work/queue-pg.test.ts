/**
 * The work queue shared by several processes on one PostgreSQL database (two queues over two
 * connection pools, as two server processes have): each item runs once, and an item whose
 * process died is taken over when its lease runs out.
 */
import { describe, expect, it } from 'vitest';
import { useBothBackends } from '../db/backends-test-support';
import { openPostgresStorage, type Storage } from '../db/storage';
import { createWorkQueue, type WorkQueue } from './queue';
import { until } from '../until-test-support';

const both = useBothBackends('queue');

const stateOf = async (storage: Storage, id: number) =>
  storage.db
    .selectFrom('work_items')
    .select(['state', 'attempts', 'owner'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('work queue on PostgreSQL, two processes', () => {
  it('runs every item exactly once across both', async () => {
    const { storage: shared, close, url } = await both.fresh('postgres', 'queue_once');
    const second = await openPostgresStorage(url!);
    const runs = new Map<number, number>();
    const queues: WorkQueue[] = [shared, second].map((storage) => {
      const queue = createWorkQueue(storage, { concurrency: 3 });
      queue.register('count', {
        run: async (_payload, { item }) => {
          runs.set(item.id, (runs.get(item.id) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 5));
        },
      });
      return queue;
    });
    const ids = await shared.transaction(async (tx) =>
      Promise.all(Array.from({ length: 30 }, () => queues[0]!.enqueueIn(tx, 'count', {}))),
    );
    await Promise.all(queues.map((queue) => queue.start()));
    await until(() => runs.size === 30, 'every item');
    await Promise.all(queues.map((queue) => queue.idle()));
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(ids.every((id) => runs.has(id))).toBe(true);
    await Promise.all(queues.map((queue) => queue.stop(1_000)));
    await second.close();
    await close();
  });

  it('takes over the item of a process that died, once its lease runs out', async () => {
    const { storage: survivor, close, url } = await both.fresh('postgres', 'queue_takeover');
    const doomed = await openPostgresStorage(url!);
    const ran: string[] = [];
    const dying = createWorkQueue(doomed, { leaseMs: 300 });
    dying.register('job', { run: () => new Promise<void>(() => ran.push('doomed')) });
    const id = await survivor.transaction((tx) => dying.enqueueIn(tx, 'job', {}));
    await dying.start();
    await until(async () => (await stateOf(survivor, id)).state === 'running', 'the claim');
    // The process dies: its connections go, nothing renews its lease.
    await doomed.close();
    const taking = createWorkQueue(survivor, { leaseMs: 300 });
    taking.register('job', { run: async () => void ran.push('survivor') });
    await taking.start();
    await until(async () => (await stateOf(survivor, id)).state === 'done', 'the takeover');
    expect(ran).toEqual(['doomed', 'survivor']);
    expect(await stateOf(survivor, id)).toMatchObject({ attempts: 2, owner: null });
    await taking.stop(1_000);
    await close();
  });

  it('runs an item enqueued in a slow transaction once that transaction commits', async () => {
    const { storage, close } = await both.fresh('postgres', 'queue_wake');
    // No poll within the test's time: only a wake can start the item.
    const queue = createWorkQueue(storage, { pollMs: 3_600_000 });
    const ran: number[] = [];
    queue.register<{ n: number }>('job', { run: async ({ n }) => void ran.push(n) });
    await queue.start();
    await queue.idle();
    await storage.transaction(async (tx) => {
      await queue.enqueueIn(tx, 'job', { n: 1 });
      // A claim now, on another connection, could not see the item.
      queue.wake();
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    await until(() => ran.length === 1, 'the item');
    await queue.stop(1_000);
    await close();
  });
});
