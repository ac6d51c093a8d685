import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { BACKENDS, useBothBackends } from '../db/backends-test-support';
import { dispatchHarness, eventually, numbersOf } from './dispatcher-test-support';

// The dispatcher against real receivers on 127.0.0.1, on both backends: signed, in order per
// configuration, retried, timed out, never redirected, nothing for a rolled-back change.

const backends = useBothBackends('webhook_dispatch');
const setup = dispatchHarness(backends);

describe.each(BACKENDS)('the webhook dispatcher on %s', (backend) => {
  it('sends each event once, signed, in order per configuration', async () => {
    const t = await setup(backend);
    const [a, b] = [await t.receiver(), await t.receiver()];
    const hookA = await t.configure(a.url);
    const hookB = await t.configure(b.url, ['PROJECT_UPDATE', 'JOB_UPDATE']);
    await t.dispatcher().start();
    for (let n = 1; n <= 30; n += 1) await t.emit({ n }, n % 3 === 0 ? 'JOB_UPDATE' : undefined);
    await a.waitFor(20);
    await b.waitFor(30);
    expect(numbersOf(a)).toEqual([...Array(30).keys()].map((i) => i + 1).filter((n) => n % 3));
    expect(numbersOf(b)).toEqual([...Array(30).keys()].map((i) => i + 1));
    for (const [receiver, hook] of [
      [a, hookA],
      [b, hookB],
    ] as const) {
      const verifier = new Webhook(hook.secret);
      const key = Buffer.from(hook.secret.slice('whsec_'.length), 'base64');
      for (const request of receiver.requests) {
        const headers = request.headers as Record<string, string>;
        expect(verifier.verify(request.body, headers)).toMatchObject({ data: expect.any(Object) });
        const signed = `${headers['webhook-id']}.${headers['webhook-timestamp']}.${request.body}`;
        const mac = createHmac('sha256', key).update(signed).digest('base64');
        expect(headers['webhook-signature']).toBe(`v1,${mac}`);
      }
    }
    await eventually(async () => {
      const rows = await t.deliveries(hookB.id);
      return rows.every((row) => row.state === 'delivered');
    }, 'every delivery recorded');
    const rows = await t.deliveries(hookB.id);
    expect(rows.map((row) => [row.attempts, row.last_status, row.last_error])).toEqual(
      rows.map(() => [1, 200, null]),
    );
    // Events shared by both configurations carry one message id to each.
    const idsA = new Set(a.requests.map((r) => r.headers['webhook-id']));
    expect(b.requests.filter((r) => idsA.has(r.headers['webhook-id']))).toHaveLength(20);
  });

  it('retries a failing receiver with the backoff, keeping the order and the message id', async () => {
    const t = await setup(backend);
    const receiver = await t.receiver();
    receiver.failTimes(3, 502);
    const hook = await t.configure(receiver.url);
    const waits: number[] = [];
    const dispatcher = t.dispatcher({
      backoff: (attempts) => {
        waits.push(attempts);
        return 30 * attempts;
      },
    });
    for (let n = 1; n <= 4; n += 1) await t.emit({ n });
    await dispatcher.start();
    await receiver.waitFor(7);
    // The head is retried until it goes; the others wait behind it.
    expect(numbersOf(receiver)).toEqual([1, 1, 1, 1, 2, 3, 4]);
    expect(new Set(receiver.requests.slice(0, 4).map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(waits).toEqual([1, 2, 3]);
    await eventually(
      async () => (await t.deliveries(hook.id)).at(-1)?.state === 'delivered',
      'end',
    );
    const [first] = await t.deliveries(hook.id);
    expect(first).toMatchObject({ state: 'delivered', attempts: 4, last_status: 200 });
    const attempts = await t.attempts(first!.id);
    expect(attempts.map((a) => [a.status, a.error])).toEqual([
      [502, 'HTTP 502: ok'],
      [502, 'HTTP 502: ok'],
      [502, 'HTTP 502: ok'],
      [200, null],
    ]);
    // Each retry was due its backoff after the failed attempt, and waited for it.
    for (const [i, attempt] of attempts.slice(0, 3).entries()) {
      expect(attempt.next_attempt_at! - attempt.attempted_at).toBeGreaterThanOrEqual(30 * (i + 1));
      expect(attempts[i + 1]!.attempted_at).toBeGreaterThanOrEqual(attempt.next_attempt_at!);
    }
    expect(attempts[3]!.next_attempt_at).toBeNull();
    expect(await t.configuration(hook.id)).toMatchObject({
      failing_since: null,
      disabled_at: null,
    });
  });

  it('times out a hanging receiver without holding up another configuration', async () => {
    const t = await setup(backend);
    const [hanging, fine] = [await t.receiver(), await t.receiver()];
    hanging.respond(() => ({ hang: true }));
    const slow = await t.configure(hanging.url);
    const quick = await t.configure(fine.url);
    // Long enough for the other configuration's two deliveries on a busy machine.
    await t.dispatcher({ timeoutMs: 2_000 }).start();
    await t.emit({ n: 1 });
    await hanging.waitFor(1);
    await t.emit({ n: 2 });
    await fine.waitFor(2);
    await eventually(
      async () => (await t.deliveries(quick.id)).every((row) => row.state === 'delivered'),
      'the other configuration delivered',
    );
    // The hanging attempt is still open: nothing is recorded for it yet.
    expect((await t.deliveries(slow.id))[0]).toMatchObject({ state: 'pending', attempts: 0 });
    await eventually(async () => (await t.deliveries(slow.id))[0]!.attempts === 1, 'the timeout');
    expect((await t.deliveries(slow.id))[0]).toMatchObject({
      state: 'pending',
      last_status: null,
      last_error: 'timed out after 2 s',
    });
  });

  it('treats a redirect as a failure and does not follow it', async () => {
    const t = await setup(backend);
    const [moved, elsewhere] = [await t.receiver(), await t.receiver()];
    moved.respond(() => ({ status: 301, location: elsewhere.url }));
    const hook = await t.configure(moved.url);
    await t.dispatcher({ backoff: () => 60_000 }).start();
    await t.emit({ n: 1 });
    await eventually(async () => (await t.deliveries(hook.id))[0]!.attempts === 1, 'an attempt');
    expect((await t.deliveries(hook.id))[0]).toMatchObject({
      state: 'pending',
      last_status: 301,
      last_error: `redirect not followed (HTTP 301 to ${elsewhere.url})`,
    });
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('sends nothing for a change that rolled back', async () => {
    const t = await setup(backend);
    const receiver = await t.receiver();
    const hook = await t.configure(receiver.url);
    await t.dispatcher().start();
    const { recordEvent } = await import('./outbox');
    await expect(
      t.storage.transaction(async (tx) => {
        await recordEvent(t.storage, tx, {
          orgId: t.orgId,
          type: 'PROJECT_UPDATE',
          data: { n: 0 },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.emit({ n: 1 });
    await receiver.waitFor(1);
    await eventually(async () => (await t.deliveries(hook.id))[0]?.state === 'delivered', 'sent');
    expect(numbersOf(receiver)).toEqual([1]);
    expect(await t.deliveries(hook.id)).toHaveLength(1);
  });

  it('resumes after a restart, sending again what was in flight', async () => {
    const t = await setup(backend);
    const receiver = await t.receiver();
    receiver.respond(() => ({ hang: true }));
    const hook = await t.configure(receiver.url);
    const first = t.dispatcher();
    await first.start();
    for (let n = 1; n <= 3; n += 1) await t.emit({ n });
    await receiver.waitFor(1);
    await first.stop();
    expect((await t.deliveries(hook.id)).map((row) => [row.state, row.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
      ['pending', 0],
    ]);
    expect((await t.configuration(hook.id)).lease_owner).toBeNull();
    receiver.respond(() => ({ status: 204 }));
    await t.dispatcher().start();
    await receiver.waitFor(4);
    expect(numbersOf(receiver)).toEqual([1, 1, 2, 3]);
    expect(receiver.requests[1]!.headers['webhook-id']).toBe(
      receiver.requests[0]!.headers['webhook-id'],
    );
  });
});
