import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookResponse } from '../../shared/api/webhooks';
import { apiClient, createTestApp, type TestApp } from '../test-support';
import { BASE, createHook, queued, webhookTables, type Api } from './routes-test-support';

let t: TestApp;
let api: Api;

beforeAll(async () => {
  // The dispatcher stays off: deliveries stay as queued (sending is tested in dispatcher tests).
  t = await createTestApp({ mt: null, webhooks: { paused: true } });
  api = apiClient(t.app);
});
afterAll(() => t.close());

const deliveriesOf = async (id: number, query = '') => {
  const response = await api.get(`${BASE}/${id}/deliveries${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WebhookDelivery[]>();
};

const eventRow = (id: number) =>
  t.storage.db
    .selectFrom('webhook_events')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** Writes an attempt as the dispatcher would (its own tests cover how it does). */
async function addAttempt(
  deliveryId: number,
  at: number,
  status: number | null,
  error: string | null,
) {
  await t.storage.db
    .insertInto('webhook_attempts')
    .values({
      delivery_id: deliveryId,
      attempted_at: at,
      status,
      duration_ms: 12,
      error,
      next_attempt_at: at + 5_000,
    })
    .execute();
  await t.storage.db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_status: status,
      last_error: error,
      last_duration_ms: 12,
    }))
    .where('id', '=', deliveryId)
    .execute();
}

describe('POST .../{id}/test', () => {
  it('queues a WEBHOOK_TEST event to this webhook only, whatever it subscribes to', async () => {
    const hook = await createHook(api, { eventType: ['JOB_DELIVER'] });
    const bystander = await createHook(api, { eventType: ['JOB_DELIVER', 'PROJECT_UPDATE'] });
    const delivery = await queued(api, `${BASE}/${hook.id}/test`);
    expect(delivery).toEqual({
      id: expect.any(Number),
      eventId: expect.any(Number),
      eventType: 'WEBHOOK_TEST',
      messageId: expect.stringMatching(/^msg_/),
      state: 'pending',
      attempts: 0,
      lastStatus: null,
      lastError: null,
      lastDurationMs: null,
      nextAttemptAt: expect.any(String),
      createdAt: expect.any(String),
      finishedAt: null,
      attemptLog: [],
    });
    const event = await eventRow(delivery.eventId);
    expect(event.message_id).toBe(delivery.messageId);
    expect(JSON.parse(event.body)).toEqual({
      type: 'WEBHOOK_TEST',
      timestamp: delivery.createdAt,
      data: { webhookId: hook.id, message: expect.stringContaining('CMS') },
    });
    expect(await deliveriesOf(hook.id)).toEqual([delivery]);
    expect(await deliveriesOf(bystander.id)).toEqual([]);
  });
});

describe('GET .../{id}/deliveries', () => {
  it('lists the newest first, at most `limit`, each with its attempts newest first', async () => {
    const hook = await createHook(api);
    const made: WebhookDelivery[] = [];
    for (let i = 0; i < 3; i++) made.push(await queued(api, `${BASE}/${hook.id}/test`));
    const base = Date.parse('2026-01-02T03:04:05.000Z');
    await addAttempt(made[0]!.id, base, 500, null);
    await addAttempt(made[0]!.id, base + 5_000, null, 'connection refused');
    const all = await deliveriesOf(hook.id);
    expect(all.map((d) => d.id)).toEqual(made.map((d) => d.id).reverse());
    const oldest = all[2]!;
    expect(oldest).toMatchObject({
      attempts: 2,
      lastStatus: null,
      lastError: 'connection refused',
      lastDurationMs: 12,
    });
    expect(oldest.attemptLog).toEqual([
      {
        id: expect.any(Number),
        attemptedAt: '2026-01-02T03:04:10.000Z',
        status: null,
        durationMs: 12,
        error: 'connection refused',
        nextAttemptAt: '2026-01-02T03:04:15.000Z',
      },
      expect.objectContaining({
        attemptedAt: '2026-01-02T03:04:05.000Z',
        status: 500,
        error: null,
      }),
    ]);
    expect((await deliveriesOf(hook.id, '?limit=2')).map((d) => d.id)).toEqual([
      made[2]!.id,
      made[1]!.id,
    ]);
  });

  it('refuses a limit that is not 1 to 100', async () => {
    const hook = await createHook(api);
    for (const limit of ['0', '101', 'x', '-3']) {
      const response = await api.get(`${BASE}/${hook.id}/deliveries?limit=${limit}`);
      expect(response.statusCode, limit).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/limit/);
    }
  });
});

describe('POST .../{id}/deliveries/{deliveryId}/redeliver', () => {
  it('queues a new pending delivery of the same event at the end of the queue', async () => {
    const hook = await createHook(api);
    const first = await queued(api, `${BASE}/${hook.id}/test`);
    const second = await queued(api, `${BASE}/${hook.id}/test`);
    const again = await queued(api, `${BASE}/${hook.id}/deliveries/${first.id}/redeliver`);
    expect(again).toMatchObject({
      eventId: first.eventId,
      messageId: first.messageId,
      eventType: 'WEBHOOK_TEST',
      state: 'pending',
      attempts: 0,
      attemptLog: [],
    });
    expect(again.id).toBeGreaterThan(second.id);
    expect((await deliveriesOf(hook.id)).map((d) => d.id)).toEqual([again.id, second.id, first.id]);
  });

  it("answers 404 for another webhook's delivery or an unknown one, and changes nothing", async () => {
    const hook = await createHook(api);
    const other = await createHook(api);
    const theirs = await queued(api, `${BASE}/${other.id}/test`);
    const before = await webhookTables(t.storage);
    for (const deliveryId of [theirs.id, 999_999]) {
      const response = await api.post(`${BASE}/${hook.id}/deliveries/${deliveryId}/redeliver`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message: `Delivery ${deliveryId} not found for webhook ${hook.id}`,
      });
    }
    expect(await webhookTables(t.storage)).toEqual(before);
  });
});

describe('disabled and deleted webhooks', () => {
  it('disabling fails the pending deliveries; test and redeliver answer 409 until re-enabled', async () => {
    const hook = await createHook(api);
    const pending = await queued(api, `${BASE}/${hook.id}/test`);
    const off = await api.put(`${BASE}/${hook.id}`, { enabled: false });
    const { disabledReason } = off.json<WebhookResponse>();
    const [failed] = await deliveriesOf(hook.id);
    expect(failed).toMatchObject({
      id: pending.id,
      state: 'failed',
      lastError: disabledReason,
      nextAttemptAt: null,
    });
    expect(failed!.finishedAt).toEqual(expect.any(String));

    const before = await webhookTables(t.storage);
    for (const url of [
      `${BASE}/${hook.id}/test`,
      `${BASE}/${hook.id}/deliveries/${pending.id}/redeliver`,
    ]) {
      const response = await api.post(url);
      expect(response.statusCode).toBe(409);
      expect(response.json<{ message: string }>().message).toMatch(/disabled.*enable it first/);
    }
    expect(await webhookTables(t.storage)).toEqual(before);

    await api.put(`${BASE}/${hook.id}`, { enabled: true });
    const again = await queued(api, `${BASE}/${hook.id}/deliveries/${pending.id}/redeliver`);
    expect(again).toMatchObject({ eventId: pending.eventId, state: 'pending' });
  });

  it('deleting fails the pending deliveries, which are never sent', async () => {
    const hook = await createHook(api);
    const pending = await queued(api, `${BASE}/${hook.id}/test`);
    expect((await api.delete(`${BASE}/${hook.id}`)).statusCode).toBe(204);
    const row = await t.storage.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', pending.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      state: 'failed',
      last_error: 'the webhook was deleted',
      next_attempt_at: null,
    });
  });
});
