import { randomBytes } from 'node:crypto';
import type { WebhookEventType, WebhookPayload, WebhookSentType } from '../../shared/api/webhooks';
import type { Queryable, Storage } from '../db/storage';
import { outboxQueries } from './outbox-queries';

export type { WebhookEventType } from '../../shared/api/webhooks';

/** What a wake tells the dispatcher: which configurations have new deliveries due. */
export interface WebhookWake {
  orgId: number;
  configurationIds: number[];
}
export type WebhookWakeListener = (wake: WebhookWake) => void;

// Per storage (one database): the dispatcher of this process subscribes, the outbox wakes it.
const listeners = new WeakMap<Storage, Set<WebhookWakeListener>>();

/**
 * Calls `listener` after each commit of this process that queued webhook deliveries in `storage`
 * (never for a rollback). Answers how to stop. Other processes on the same PostgreSQL database
 * do not hear it: their dispatchers poll.
 */
export function onWebhookEvent(storage: Storage, listener: WebhookWakeListener): () => void {
  const set = listeners.get(storage) ?? new Set<WebhookWakeListener>();
  listeners.set(storage, set);
  set.add(listener);
  return () => set.delete(listener);
}

/** Wakes this process's listeners once `tx` has committed (at once when `tx` is `storage.db`). */
export function wakeAfterCommit(storage: Storage, tx: Queryable, wake: WebhookWake): void {
  storage.afterCommit(tx, () => {
    for (const listener of listeners.get(storage) ?? []) {
      // A listener's failure must not reach the committed change's caller.
      try {
        listener(wake);
      } catch {
        // the dispatcher polls as well
      }
    }
  });
}

/** `msg_` + 24 random characters: the `webhook-id` of an event, the same on every retry. */
export function newMessageId(): string {
  return `msg_${randomBytes(18).toString('base64url')}`;
}

/** The exact JSON text sent for an event: `{"type","timestamp","data"}`, timestamp ISO. */
export function payloadText(type: WebhookSentType, data: unknown, now: number): string {
  const payload: WebhookPayload = { type, timestamp: new Date(now).toISOString(), data };
  return JSON.stringify(payload);
}

/** Writes an event and a pending delivery, due now, to each of `configurationIds`, in `tx`. */
export async function queueEvent(
  storage: Storage,
  tx: Queryable,
  event: { orgId: number; type: WebhookSentType; data: unknown; configurationIds: number[] },
): Promise<{ eventId: number; deliveryIds: number[] }> {
  const now = Date.now();
  const queries = outboxQueries(tx);
  const eventId = await queries.insertEvent({
    orgId: event.orgId,
    type: event.type,
    messageId: newMessageId(),
    body: payloadText(event.type, event.data, now),
    now,
  });
  const deliveryIds = await queries.insertDeliveries(eventId, event.configurationIds, now);
  wakeAfterCommit(storage, tx, { orgId: event.orgId, configurationIds: event.configurationIds });
  return { eventId, deliveryIds };
}

/**
 * The outbox rule: called inside the transaction of the change that causes the event, with
 * `data` the wire object as it is at the end of the change. Writes one event and one pending
 * delivery per enabled, not deleted configuration of the organization subscribed to `type`, so
 * the event commits or rolls back with the change; nothing at all when none is subscribed (the
 * cheap path: one indexed read). The dispatcher of this process is woken after the commit.
 */
export async function recordEvent(
  storage: Storage,
  tx: Queryable,
  event: { orgId: number; type: WebhookEventType; data: unknown },
): Promise<void> {
  await recordEventOf(storage, tx, { ...event, read: () => Promise.resolve(event.data) });
}

/**
 * `recordEvent` with a wire object that costs reads to build: `read` (in `tx`) runs only when
 * some configuration is subscribed; null (the thing is gone) writes nothing.
 */
export async function recordEventOf(
  storage: Storage,
  tx: Queryable,
  event: { orgId: number; type: WebhookEventType; read: () => Promise<unknown> },
): Promise<void> {
  const configurations = await outboxQueries(tx).activeConfigurations(event.orgId);
  const subscribed = configurations
    .filter((c) => subscribedTypes(c.event_types).includes(event.type))
    .map((c) => c.id);
  if (subscribed.length === 0) return;
  const data = await event.read();
  if (data === null || data === undefined) return;
  await queueEvent(storage, tx, {
    orgId: event.orgId,
    type: event.type,
    data,
    configurationIds: subscribed,
  });
}

/** The `event_types` column: a JSON array of type names. */
export function subscribedTypes(eventTypes: string): string[] {
  const parsed: unknown = JSON.parse(eventTypes);
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
}
