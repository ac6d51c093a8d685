/**
 * The outbox rule on both backends (a real SQLite file, a real PostgreSQL): the event and its
 * deliveries are written in the transaction of the change, for the subscribed, enabled, not
 * deleted configurations only, and the dispatcher is woken after the commit, never on a rollback.
 */
import { describe, expect, it } from 'vitest';
import type { WebhookEventType } from '../../shared/api/webhooks';
import { BACKENDS, useBothBackends, type Backend } from '../db/backends-test-support';
import { createOrganization } from '../db/organizations';
import type { Storage } from '../db/storage';
import { deliveryLogQueries } from './delivery-log-queries';
import { onWebhookEvent, recordEvent, type WebhookWake } from './outbox';
import { webhookQueries } from './queries';

const both = useBothBackends('webhook_outbox');
let orgs = 0;

/** A new organization, so each test sees only its own rows. */
const newOrg = (storage: Storage) => createOrganization(storage.db, `Outbox ${++orgs}`);

async function configure(storage: Storage, orgId: number, eventTypes: WebhookEventType[]) {
  return webhookQueries(storage.db).insert({
    orgId,
    name: 'hook',
    url: 'https://hooks.example.com/',
    eventTypes,
    secret: 'whsec_AAAA',
    now: Date.now(),
  });
}

/** The organization's events with their deliveries, as written. */
async function outboxOf(storage: Storage, orgId: number) {
  const events = await storage.db
    .selectFrom('webhook_events')
    .selectAll()
    .where('org_id', '=', orgId)
    .orderBy('id')
    .execute();
  const deliveries = events.length
    ? await storage.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where(
          'event_id',
          'in',
          events.map((e) => e.id),
        )
        .orderBy('id')
        .execute()
    : [];
  return { events, deliveries };
}

/** Collects the wakes of `storage` until `stop`. */
function listen(storage: Storage) {
  const wakes: WebhookWake[] = [];
  const stop = onWebhookEvent(storage, (wake) => wakes.push(wake));
  return { wakes, stop };
}

describe.each(BACKENDS)('recordEvent on %s', (kind: Backend) => {
  const storage = () => both.storage(kind);
  const project = { id: 7, name: 'Manual', state: 'done' };

  it('writes nothing and wakes nobody when no configuration exists', async () => {
    const orgId = await newOrg(storage());
    const { wakes, stop } = listen(storage());
    await storage().transaction((tx) =>
      recordEvent(storage(), tx, { orgId, type: 'PROJECT_UPDATE', data: project }),
    );
    stop();
    expect(await outboxOf(storage(), orgId)).toEqual({ events: [], deliveries: [] });
    expect(wakes).toEqual([]);
  });

  it('queues one event and a delivery for each subscribed, enabled, not deleted configuration', async () => {
    const orgId = await newOrg(storage());
    const otherOrg = await newOrg(storage());
    const first = await configure(storage(), orgId, ['PROJECT_UPDATE', 'JOB_UPDATE']);
    const second = await configure(storage(), orgId, ['PROJECT_UPDATE']);
    await configure(storage(), orgId, ['PROJECT_DELIVER']);
    const disabled = await configure(storage(), orgId, ['PROJECT_UPDATE']);
    await webhookQueries(storage().db).change(disabled, { disabledReason: 'off' }, Date.now());
    const deleted = await configure(storage(), orgId, ['PROJECT_UPDATE']);
    await webhookQueries(storage().db).markDeleted(deleted, Date.now());
    await configure(storage(), otherOrg, ['PROJECT_UPDATE']);

    const { wakes, stop } = listen(storage());
    const before = Date.now();
    await storage().transaction(async (tx) => {
      await recordEvent(storage(), tx, { orgId, type: 'PROJECT_UPDATE', data: project });
      // Not before the commit: on PostgreSQL another connection could not see the rows yet.
      expect(wakes).toEqual([]);
    });
    stop();

    const { events, deliveries } = await outboxOf(storage(), orgId);
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event.type).toBe('PROJECT_UPDATE');
    expect(event.message_id).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);
    const body = JSON.parse(event.body) as { type: string; timestamp: string; data: unknown };
    expect(Object.keys(body)).toEqual(['type', 'timestamp', 'data']);
    expect(body).toEqual({ type: 'PROJECT_UPDATE', timestamp: expect.any(String), data: project });
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
    expect(deliveries.map((d) => d.configuration_id)).toEqual([first, second]);
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({ event_id: event.id, state: 'pending', attempts: 0 });
      expect(delivery.next_attempt_at).toBeGreaterThanOrEqual(before);
      expect(delivery.next_attempt_at).toBe(delivery.created_at);
    }
    expect(wakes).toEqual([{ orgId, configurationIds: [first, second] }]);
    expect(await outboxOf(storage(), otherOrg)).toEqual({ events: [], deliveries: [] });
  });

  it('leaves nothing and wakes nobody when the change rolls back', async () => {
    const orgId = await newOrg(storage());
    await configure(storage(), orgId, ['JOB_DELIVER']);
    const { wakes, stop } = listen(storage());
    await expect(
      storage().transaction(async (tx) => {
        await recordEvent(storage(), tx, { orgId, type: 'JOB_DELIVER', data: { id: 1 } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    stop();
    expect(await outboxOf(storage(), orgId)).toEqual({ events: [], deliveries: [] });
    expect(wakes).toEqual([]);
  });

  it('queues nothing for a configuration whose pending deliveries were failed on delete', async () => {
    const orgId = await newOrg(storage());
    const id = await configure(storage(), orgId, ['DOCUMENT_UPDATE']);
    await storage().transaction((tx) =>
      recordEvent(storage(), tx, { orgId, type: 'DOCUMENT_UPDATE', data: { id: 3 } }),
    );
    await storage().transaction(async (tx) => {
      await deliveryLogQueries(tx).failPending(id, 'the webhook was deleted', Date.now());
      await webhookQueries(tx).markDeleted(id, Date.now());
    });
    await storage().transaction((tx) =>
      recordEvent(storage(), tx, { orgId, type: 'DOCUMENT_UPDATE', data: { id: 3 } }),
    );
    const { events, deliveries } = await outboxOf(storage(), orgId);
    expect(events).toHaveLength(1);
    expect(deliveries).toMatchObject([{ state: 'failed', last_error: 'the webhook was deleted' }]);
  });

  it('stops waking a listener that unsubscribed', async () => {
    const orgId = await newOrg(storage());
    await configure(storage(), orgId, ['JOB_UPDATE']);
    const { wakes, stop } = listen(storage());
    stop();
    await storage().transaction((tx) =>
      recordEvent(storage(), tx, { orgId, type: 'JOB_UPDATE', data: {} }),
    );
    expect(wakes).toEqual([]);
  });
});
