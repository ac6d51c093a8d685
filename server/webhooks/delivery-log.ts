import {
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookTestData,
} from '../../shared/api/webhooks';
import type { KeyOwner } from '../db/keys';
import type { Queryable, Storage } from '../db/storage';
import { conflict, notFound } from '../http/http-error';
import { deliveryLogQueries } from './delivery-log-queries';
import { outboxQueries } from './outbox-queries';
import { queueEvent, wakeAfterCommit } from './outbox';
import { webhookQueries } from './queries';
import { webhookNotFound } from './service';
import { deliveryWire } from './wire';

/** Attempts shown per delivery in the log, newest first. */
const ATTEMPTS_SHOWN = 10;

/**
 * Our extensions: a configuration's recent deliveries with their attempts, a redelivery of one
 * event, and a test event. New deliveries join the end of the configuration's queue (sent in id
 * order) and wake this process's dispatcher after the commit.
 */
export function createDeliveryLog(storage: Storage) {
  const configuration = async (tx: Queryable, caller: KeyOwner, id: number, sending = false) => {
    // A sending change locks the row (PostgreSQL) against a delete or disable meanwhile; the
    // log's read-only snapshot may not lock.
    const lock = sending && storage.dialect === 'postgres';
    const row = await webhookQueries(tx).get(caller.orgId, id, lock);
    if (!row) throw webhookNotFound(id);
    if (sending && row.disabled_at !== null) {
      throw conflict(`Webhook ${id} is disabled (${row.disabled_reason}): enable it first`);
    }
    return row;
  };

  const withAttempts = async (tx: Queryable, configurationId: number, deliveryId: number) => {
    const log = deliveryLogQueries(tx);
    const row = await log.get(configurationId, deliveryId);
    if (!row) throw notFound(`Delivery ${deliveryId} not found for webhook ${configurationId}`);
    return deliveryWire(row, await log.attemptsOf([row.id], ATTEMPTS_SHOWN));
  };

  return {
    async recent(caller: KeyOwner, id: number, limit: number): Promise<WebhookDelivery[]> {
      return storage.snapshot(async (tx) => {
        await configuration(tx, caller, id);
        const log = deliveryLogQueries(tx);
        const rows = await log.recent(id, limit);
        const attempts = await log.attemptsOf(
          rows.map((r) => r.id),
          ATTEMPTS_SHOWN * rows.length,
        );
        // Each delivery keeps its newest few; a busy one does not crowd out the others.
        return rows.map((row) =>
          deliveryWire(
            row,
            attempts.filter((a) => a.delivery_id === row.id).slice(0, ATTEMPTS_SHOWN),
          ),
        );
      });
    },

    /** A new pending delivery of the same event (the same `webhook-id`), at the end of the queue. */
    async redeliver(caller: KeyOwner, id: number, deliveryId: number): Promise<WebhookDelivery> {
      return storage.transaction(async (tx) => {
        await configuration(tx, caller, id, true);
        const original = await deliveryLogQueries(tx).get(id, deliveryId);
        if (!original) throw notFound(`Delivery ${deliveryId} not found for webhook ${id}`);
        const [newId] = await outboxQueries(tx).insertDeliveries(
          original.event_id,
          [id],
          Date.now(),
        );
        wakeAfterCommit(storage, tx, { orgId: caller.orgId, configurationIds: [id] });
        return withAttempts(tx, id, newId!);
      });
    },

    /** A `WEBHOOK_TEST` event to this configuration only. */
    async sendTest(caller: KeyOwner, id: number): Promise<WebhookDelivery> {
      return storage.transaction(async (tx) => {
        const row = await configuration(tx, caller, id, true);
        const data: WebhookTestData = {
          webhookId: id,
          message: `A test event for webhook "${row.name}" from Wordbench`,
        };
        const queued = await queueEvent(storage, tx, {
          orgId: caller.orgId,
          type: WEBHOOK_TEST_EVENT,
          data,
          configurationIds: [id],
        });
        return withAttempts(tx, id, queued.deliveryIds[0]!);
      });
    },
  };
}

export type DeliveryLog = ReturnType<typeof createDeliveryLog>;
