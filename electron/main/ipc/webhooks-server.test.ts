import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '../../../shared/api/webhooks';
import {
  startReceiver,
  type ReceivedRequest,
  type Receiver,
} from '../../../server/webhooks/receiver-test-support';
import { projectHandlers } from './projects';
import { newProject, useRealServer } from './real-server-test-support';
import { createDispatcher, type Handlers } from './validated';
import { webhookHandlers } from './webhooks';
import { until } from '../../../server/until-test-support';

/** The three Standard Webhooks headers of a request the receiver got. */
const signed = (request: ReceivedRequest) => ({
  'webhook-id': String(request.headers['webhook-id']),
  'webhook-timestamp': String(request.headers['webhook-timestamp']),
  'webhook-signature': String(request.headers['webhook-signature']),
});

// Settings > Webhooks' channels against the real embedded server and a real receiver on
// 127.0.0.1: the secret once, signed deliveries of a project move and of a test event, the log,
// a redelivery, rotation, edits, disabling, deletion, and refusals in words.
describe('webhook channels against the real server', () => {
  const real = useRealServer('webhooks');
  let handlers: ReturnType<typeof webhookHandlers> & ReturnType<typeof projectHandlers>;
  let receiver: Receiver;
  beforeAll(async () => {
    handlers = { ...webhookHandlers(real.gateway), ...projectHandlers(real.gateway) };
    receiver = await startReceiver();
  });
  afterAll(() => receiver?.close());

  /** Reads the log until the delivery `find` picks has left `pending`. */
  async function settled(
    id: number,
    find: (deliveries: WebhookDelivery[]) => WebhookDelivery | undefined,
  ): Promise<WebhookDelivery> {
    let found: WebhookDelivery | undefined;
    await until(async () => {
      found = find(await handlers['webhooks:deliveries']({ id }, {}));
      return found !== undefined && found.state !== 'pending';
    }, 'the delivery to settle');
    return found!;
  }

  it('shows the secret once, signs a project move and a test event, and logs them', async () => {
    const created = await handlers['webhooks:create'](
      { webhookName: 'CMS', webhookUrl: receiver.url, eventType: ['PROJECT_UPDATE'] },
      {},
    );
    expect(created.secret).toMatch(/^whsec_/);
    expect(created).toMatchObject({ webhookName: 'CMS', enabled: true, disabledReason: null });
    const listed = await handlers['webhooks:list']({}, {});
    expect(listed.map((webhook) => webhook.id)).toContain(created.id);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const read = await handlers['webhooks:get']({ id: created.id }, {});
    expect(read).not.toHaveProperty('secret');

    const project = await newProject(real.gateway, 'Launch');
    await handlers['projects:update']({ id: project.id, state: 'done' }, {});
    const delivery = await settled(created.id, (all) =>
      all.find((one) => one.eventType === 'PROJECT_UPDATE'),
    );
    expect(delivery).toMatchObject({ state: 'delivered', lastStatus: 200, attempts: 1 });
    expect(delivery.lastDurationMs).toBeGreaterThanOrEqual(0);
    const request = receiver.requests.find(
      (one) => one.headers['webhook-id'] === delivery.messageId,
    )!;
    const payload = new Webhook(created.secret).verify(request.body, signed(request));
    expect(payload).toMatchObject({
      type: 'PROJECT_UPDATE',
      data: { id: project.id, state: 'done' },
    });

    const test = await handlers['webhooks:test']({ id: created.id }, {});
    expect(test).toMatchObject({ eventType: 'WEBHOOK_TEST' });
    const tested = await settled(created.id, (all) => all.find((one) => one.id === test.id));
    expect(tested).toMatchObject({ state: 'delivered', lastStatus: 200 });

    // Again: a new delivery of the same event, with the same webhook-id.
    const again = await handlers['webhooks:redeliver'](
      { id: created.id, deliveryId: delivery.id },
      {},
    );
    expect(again.id).not.toBe(delivery.id);
    expect(again.messageId).toBe(delivery.messageId);
    await settled(created.id, (all) => all.find((one) => one.id === again.id));
    const log = await handlers['webhooks:deliveries']({ id: created.id, limit: 2 }, {});
    expect(log.map((one) => one.id)).toEqual([again.id, test.id]);
  });

  it('rotates the secret, edits only what is sent, disables, enables and deletes', async () => {
    const created = await handlers['webhooks:create'](
      { webhookName: 'Billing', webhookUrl: receiver.url, eventType: ['JOB_DELIVER'] },
      {},
    );
    const rotated = await handlers['webhooks:rotate-secret']({ id: created.id }, {});
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    const test = await handlers['webhooks:test']({ id: created.id }, {});
    await settled(created.id, (all) => all.find((one) => one.id === test.id));
    const request = receiver.requests.find((one) => one.headers['webhook-id'] === test.messageId)!;
    expect(() => new Webhook(rotated.secret).verify(request.body, signed(request))).not.toThrow();
    expect(() => new Webhook(created.secret).verify(request.body, signed(request))).toThrow();

    const renamed = await handlers['webhooks:update']({ id: created.id, webhookName: 'Bills' }, {});
    expect(renamed).toMatchObject({ webhookName: 'Bills', webhookUrl: receiver.url });
    expect(renamed.eventType).toEqual(['JOB_DELIVER']);
    const off = await handlers['webhooks:update']({ id: created.id, enabled: false }, {});
    expect(off.enabled).toBe(false);
    await expect(handlers['webhooks:test']({ id: created.id }, {})).rejects.toMatchObject({
      status: 409,
    });
    const on = await handlers['webhooks:update']({ id: created.id, enabled: true }, {});
    expect(on).toMatchObject({ enabled: true, disabledReason: null });

    await expect(handlers['webhooks:delete']({ id: created.id }, {})).resolves.toEqual({
      id: created.id,
    });
    await expect(handlers['webhooks:get']({ id: created.id }, {})).rejects.toMatchObject({
      status: 404,
    });
    const listed = await handlers['webhooks:list']({}, {});
    expect(listed.map((webhook) => webhook.id)).not.toContain(created.id);
  });

  it('says why in words: bad addresses, no events, nothing to change, unknown ids', async () => {
    const dispatch = createDispatcher({ ...handlers } as unknown as Handlers);
    const ftp = await dispatch('webhooks:create', {
      webhookName: 'Files',
      webhookUrl: 'ftp://127.0.0.1/drop',
      eventType: ['PROJECT_UPDATE'],
    });
    expect(ftp).toMatchObject({ ok: false, error: { status: 400 } });
    expect(ftp.ok ? '' : ftp.error.message).toMatch(/http/i);
    const noEvents = await dispatch('webhooks:create', {
      webhookName: 'None',
      webhookUrl: receiver.url,
      eventType: [],
    });
    expect(noEvents).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const nothing = await dispatch('webhooks:update', { id: 1 });
    expect(nothing).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const extra = await dispatch('webhooks:update', { id: 1, secret: 'whsec_x' });
    expect(extra).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const unknown = await dispatch('webhooks:test', { id: 999_999 });
    expect(unknown).toMatchObject({ ok: false, error: { status: 404 } });
    const tooMany = await dispatch('webhooks:deliveries', { id: 1, limit: 1000 });
    expect(tooMany).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });
});
