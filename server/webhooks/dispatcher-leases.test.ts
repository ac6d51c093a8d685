import { describe, expect, it } from 'vitest';
import { useBothBackends } from '../db/backends-test-support';
import { openPostgresStorage } from '../db/storage';
import { dispatchHarness, eventually, numbersOf } from './dispatcher-test-support';

// Several server processes on one PostgreSQL database (each its own pool and dispatcher) share
// the configurations through leases: one sender per configuration at a time, renewed while it
// works, taken over once it runs out.

const backends = useBothBackends('webhook_leases');
const setup = dispatchHarness(backends);
const range = (count: number) => [...Array(count).keys()].map((i) => i + 1);

async function secondProcess(url: string | undefined) {
  const storage = await openPostgresStorage(url!);
  return storage;
}

describe('webhook dispatchers of several processes on PostgreSQL', () => {
  it('share the configurations, each event sent once and in order', async () => {
    const t = await setup('postgres');
    const other = await secondProcess(t.url);
    try {
      const receivers = [await t.receiver(), await t.receiver(), await t.receiver()];
      for (const receiver of receivers) await t.configure(receiver.url);
      await t.dispatcher({ concurrency: 2 }).start();
      await t.dispatcher({ concurrency: 2 }, other).start();
      // Half the events are committed by the other process, whose dispatcher alone is woken.
      for (const n of range(20)) await t.emit({ n }, 'PROJECT_UPDATE', n % 2 ? t.storage : other);
      for (const receiver of receivers) {
        await receiver.waitFor(20);
        expect(numbersOf(receiver)).toEqual(range(20));
      }
    } finally {
      await other.close();
    }
  });

  it('renew the lease of a slow configuration, so no other process sends it too', async () => {
    const t = await setup('postgres');
    const other = await secondProcess(t.url);
    try {
      const receiver = await t.receiver();
      receiver.respond(() => ({ status: 200, delayMs: 1_500 }));
      await t.configure(receiver.url);
      await t.dispatcher({ leaseMs: 500, pollMs: 20 }).start();
      await t.dispatcher({ leaseMs: 500, pollMs: 20 }, other).start();
      for (const n of range(3)) await t.emit({ n });
      await receiver.waitFor(3);
      // Another slow answer's worth, for a second sender to show up if there were one.
      await new Promise((resolve) => setTimeout(resolve, 1_600));
      expect(numbersOf(receiver)).toEqual([1, 2, 3]);
    } finally {
      await other.close();
    }
  });

  it('take over the lease a dead process left once it runs out', async () => {
    const t = await setup('postgres');
    const receiver = await t.receiver();
    const hook = await t.configure(receiver.url);
    await t.storage.db
      .updateTable('webhook_configurations')
      .set({ lease_owner: 'dead-host:1:gone', lease_until: t.clock.now() + 60_000 })
      .where('id', '=', hook.id)
      .execute();
    const dispatcher = t.dispatcher({ pollMs: 20 });
    await dispatcher.start();
    await t.emit({ n: 1 });
    // Several polls pass while the dead process's lease holds.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.requests).toHaveLength(0);
    t.clock.offset += 61_000;
    dispatcher.wake();
    await receiver.waitFor(1);
    await eventually(async () => (await t.configuration(hook.id)).lease_owner === null, 'released');
  });
});
