import { describe, expect, it } from 'vitest';
import { BACKENDS, useBothBackends } from '../db/backends-test-support';
import { dispatchHarness, eventually, numbersOf } from './dispatcher-test-support';
import { webhookQueries } from './queries';

// The dispatcher's limits, with a clock the tests move: the 24 h retry window, the 5-day
// disable, the private-address rule of a team server, and the attempt log's pruning.

const backends = useBothBackends('webhook_limits');
const setup = dispatchHarness(backends);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(BACKENDS)('the webhook dispatcher on %s', (backend) => {
  it('gives a delivery up 24 h after it was created, then sends the next', async () => {
    const t = await setup(backend);
    const receiver = await t.receiver();
    receiver.failTimes(2, 500);
    const hook = await t.configure(receiver.url);
    const dispatcher = t.dispatcher({ backoff: () => 5_000 });
    await t.emit({ n: 1 });
    await t.emit({ n: 2 });
    await dispatcher.start();
    await eventually(async () => (await t.deliveries(hook.id))[0]!.attempts === 1, 'attempt 1');
    expect((await t.configuration(hook.id)).failing_since).not.toBeNull();
    // A day later the retry is past the window: the delivery fails and the next one goes.
    t.clock.offset += DAY;
    dispatcher.wake();
    await receiver.waitFor(3);
    expect(numbersOf(receiver)).toEqual([1, 1, 2]);
    await eventually(async () => (await t.deliveries(hook.id))[1]!.state === 'delivered', 'next');
    const [first] = await t.deliveries(hook.id);
    expect(first).toMatchObject({ state: 'failed', attempts: 2, next_attempt_at: null });
    expect(first!.last_error).toBe('gave up after 24 h of attempts; last: HTTP 500: ok');
    expect(first!.finished_at).toBeGreaterThanOrEqual(first!.created_at + DAY);
    expect((await t.configuration(hook.id)).failing_since).toBeNull();
  });

  it('disables a configuration whose attempts failed for 5 days, failing its queue', async () => {
    const t = await setup(backend);
    const receiver = await t.receiver();
    receiver.failTimes(1_000, 500);
    const hook = await t.configure(receiver.url);
    // A retry window longer than the disable limit, so the disable is what ends the run.
    const dispatcher = t.dispatcher({ backoff: () => HOUR, retryForMs: 30 * DAY });
    for (let n = 1; n <= 3; n += 1) await t.emit({ n });
    await dispatcher.start();
    await eventually(async () => (await t.deliveries(hook.id))[0]!.attempts === 1, 'attempt 1');
    const since = (await t.configuration(hook.id)).failing_since!;
    t.clock.offset += 2 * DAY;
    dispatcher.wake();
    await eventually(async () => (await t.deliveries(hook.id))[0]!.attempts === 2, 'attempt 2');
    expect((await t.configuration(hook.id)).disabled_at).toBeNull();
    t.clock.offset += 3 * DAY;
    dispatcher.wake();
    await eventually(async () => (await t.configuration(hook.id)).disabled_at !== null, 'disabled');
    const reason = 'disabled after 5 days of failed deliveries; last: HTTP 500: ok';
    expect(await t.configuration(hook.id)).toMatchObject({
      disabled_reason: reason,
      failing_since: since,
    });
    const rows = await t.deliveries(hook.id);
    expect(rows.map((row) => [row.state, row.attempts, row.last_error])).toEqual([
      ['failed', 3, reason],
      ['failed', 0, reason],
      ['failed', 0, reason],
    ]);
    expect(numbersOf(receiver)).toEqual([1, 1, 1]);
    // Disabled, it gets no new deliveries; enabled again, it does.
    await t.emit({ n: 4 });
    expect(await t.deliveries(hook.id)).toHaveLength(3);
    await webhookQueries(t.storage.db).change(hook.id, { disabledReason: null }, Date.now());
    receiver.failTimes(0);
    await t.emit({ n: 5 });
    await receiver.waitFor(4);
    expect(numbersOf(receiver)).toEqual([1, 1, 1, 5]);
  });

  it('keeps the attempts of the newest finished deliveries only', async () => {
    const t = await setup(backend);
    const receiver = await t.receiver();
    const hook = await t.configure(receiver.url);
    await t.dispatcher().start();
    for (let n = 1; n <= 120; n += 1) await t.emit({ n });
    await receiver.waitFor(120);
    await eventually(
      async () => (await t.deliveries(hook.id)).every((row) => row.state === 'delivered'),
      'all delivered',
    );
    expect(numbersOf(receiver)).toEqual([...Array(120).keys()].map((i) => i + 1));
    const rows = await t.deliveries(hook.id);
    const kept = await Promise.all(rows.map(async (row) => (await t.attempts(row.id)).length));
    // The newest 50 (and the one that finished last) keep theirs; the window prunes the rest.
    expect(kept.slice(-51)).toEqual(Array(51).fill(1));
    expect(kept.slice(0, 60)).toEqual(Array(60).fill(0));
  });
});

describe('the private-address rule', () => {
  it('refuses 127.0.0.1 on a team server unless allowed, with a clear error', async () => {
    const t = await setup('postgres');
    const receiver = await t.receiver();
    const hook = await t.configure(receiver.url);
    const dispatcher = t.dispatcher({ webhookAllow: [], backoff: () => HOUR });
    await dispatcher.start();
    await t.emit({ n: 1 });
    await eventually(async () => (await t.deliveries(hook.id))[0]!.attempts === 1, 'an attempt');
    const [row] = await t.deliveries(hook.id);
    expect(row).toMatchObject({ state: 'pending', last_status: null });
    expect(row!.last_error).toMatch(
      /^refused: 127\.0\.0\.1 is a loopback address; a team server sends webhooks only to public addresses unless the server option webhookAllow lists/,
    );
    expect(receiver.requests).toHaveLength(0);
    await dispatcher.stop();
    // Allowed by the server option, it goes.
    t.clock.offset += 2 * HOUR;
    await t.dispatcher({ webhookAllow: ['127.0.0.0/8'] }).start();
    await receiver.waitFor(1);
  });

  it('lets one desktop (SQLite) send to its own machine', async () => {
    const t = await setup('sqlite');
    const receiver = await t.receiver();
    await t.configure(receiver.url);
    await t.dispatcher({ webhookAllow: [] }).start();
    await t.emit({ n: 1 });
    await receiver.waitFor(1);
  });
});
