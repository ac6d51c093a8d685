/**
 * The area as the app registers it: the dispatcher starts with the app, sends what the routes
 * queue to a real receiver on 127.0.0.1 (a team server is told to allow it with `webhookAllow`),
 * and stops with the app. How it sends, signs and retries is tested beside the dispatcher.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '../../shared/api/webhooks';
import { parseCommand } from '../cli/args';
import { apiClient, createTestApp, type TestApp } from '../test-support';
import { startReceiver, type Receiver } from './receiver-test-support';
import { BASE, createHook, queued, type Api } from './routes-test-support';

let t: TestApp;
let api: Api;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp({ mt: null, webhooks: { webhookAllow: ['127.0.0.1'] } });
  api = apiClient(t.app);
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

async function deliveredSoon(hookId: number, deliveryId: number): Promise<WebhookDelivery> {
  for (;;) {
    const [latest] = (await api.get(`${BASE}/${hookId}/deliveries?limit=1`)).json<
      WebhookDelivery[]
    >();
    if (latest?.id === deliveryId && latest.state !== 'pending') return latest;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the registered dispatcher', () => {
  it('sends a test event to the receiver and logs the delivery', async () => {
    const hook = await createHook(api, { webhookUrl: receiver.url });
    const delivery = await queued(api, `${BASE}/${hook.id}/test`);
    await receiver.waitFor(1);
    const [request] = receiver.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/hook', type: 'WEBHOOK_TEST' });
    expect(request!.headers['webhook-id']).toBe(delivery.messageId);
    const done = await deliveredSoon(hook.id, delivery.id);
    expect(done).toMatchObject({ state: 'delivered', attempts: 1, lastStatus: 200 });
    expect(done.attemptLog).toMatchObject([{ status: 200, error: null, nextAttemptAt: null }]);
  });
});

describe('--webhook-allow', () => {
  it('reads comma lists, repeated flags and WORDBENCH_WEBHOOK_ALLOW', () => {
    expect(
      parseCommand(['--webhook-allow', '10.0.0.0/8, hooks.internal', '--webhook-allow', '::1'], {}),
    ).toMatchObject({ webhookAllow: ['10.0.0.0/8', 'hooks.internal', '::1'] });
    expect(parseCommand([], { WORDBENCH_WEBHOOK_ALLOW: '192.168.1.0/24' })).toMatchObject({
      webhookAllow: ['192.168.1.0/24'],
    });
    expect(parseCommand([], {})).not.toHaveProperty('webhookAllow');
  });

  it('refuses an entry that is no host, address or network', () => {
    expect(() => parseCommand(['--webhook-allow', '10.0.0.0/99'], {})).toThrow(/10\.0\.0\.0\/99/);
    expect(() => parseCommand(['--webhook-allow', 'a,,b'], {})).toThrow(/empty entry/);
    expect(() => parseCommand(['--webhook-allow', 'http://x/'], {})).toThrow(/http:\/\/x\//);
  });
});
