import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
  type WebhookPayload,
} from '../../shared/api/webhooks';
import type { Storage } from '../db/storage';
import { apiClient, TEST_KEY } from '../test-support';

/**
 * Support for the tests of the changes that fire webhook events (projects, jobs, file
 * translation, documents): a configuration created through the route, then the outbox's rows
 * (`webhook_events`, `webhook_deliveries`) the changes wrote. The sending is the dispatcher's.
 */

/** Nothing listens there: what the dispatcher does with the deliveries is not looked at here. */
const RECEIVER = 'http://127.0.0.1:9/hooks';

/** Creates a configuration of the key's organization subscribed to `types`; answers its id. */
export async function subscribe(
  app: FastifyInstance,
  types: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES,
  key = TEST_KEY,
): Promise<number> {
  const response = await apiClient(app, key).post('/v3/connectors/configuration/webhooks', {
    webhookName: `to ${types.join(', ')}`,
    webhookUrl: RECEIVER,
    eventType: [...types],
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }>().id;
}

/** An event as written: its type, the payload's data, and the configurations it goes to. */
export interface WrittenEvent<T = unknown> {
  type: string;
  orgId: number;
  data: T;
  configurationIds: number[];
}

/** The newest event's id (0 before any): what a test's later events come after. */
export async function lastEventId(storage: Storage): Promise<number> {
  const row = await storage.db
    .selectFrom('webhook_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The events written after event `afterId`, oldest first, each with its deliveries' targets. */
export async function eventsAfter<T = unknown>(
  storage: Storage,
  afterId: number,
): Promise<WrittenEvent<T>[]> {
  const events = await storage.db
    .selectFrom('webhook_events')
    .select(['id', 'type', 'org_id', 'body'])
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  const deliveries =
    events.length === 0
      ? []
      : await storage.db
          .selectFrom('webhook_deliveries')
          .select(['event_id', 'configuration_id'])
          .where(
            'event_id',
            'in',
            events.map((event) => event.id),
          )
          .orderBy('configuration_id')
          .execute();
  return events.map((event) => {
    const payload = JSON.parse(event.body) as WebhookPayload<T>;
    expect(payload.type).toBe(event.type);
    expect(new Date(payload.timestamp).toISOString()).toBe(payload.timestamp);
    return {
      type: event.type,
      orgId: event.org_id,
      data: payload.data,
      configurationIds: deliveries
        .filter((delivery) => delivery.event_id === event.id)
        .map((delivery) => delivery.configuration_id),
    };
  });
}

/** Runs `change` and answers the events it wrote. */
export async function eventsOf<T = unknown>(
  storage: Storage,
  change: () => Promise<unknown>,
): Promise<WrittenEvent<T>[]> {
  const before = await lastEventId(storage);
  await change();
  return eventsAfter<T>(storage, before);
}

/**
 * Makes every write of a webhook event fail (a real error of the database, from a trigger) until
 * the answered undoing: the change that fires it must roll back with it.
 */
export async function refuseWebhookEvents(storage: Storage): Promise<() => Promise<void>> {
  const run = (text: string) => sql.raw(text).execute(storage.db);
  if (storage.dialect === 'sqlite') {
    await run(`CREATE TRIGGER refuse_event BEFORE INSERT ON webhook_events
      BEGIN SELECT RAISE(ABORT, 'no events now'); END`);
    return async () => void (await run('DROP TRIGGER refuse_event'));
  }
  await run(`CREATE FUNCTION refuse_event() RETURNS trigger LANGUAGE plpgsql
    AS $$ BEGIN RAISE EXCEPTION 'no events now'; END $$`);
  await run(`CREATE TRIGGER refuse_event BEFORE INSERT ON webhook_events FOR EACH ROW
    EXECUTE FUNCTION refuse_event()`);
  return async () => {
    await run('DROP TRIGGER refuse_event ON webhook_events');
    await run('DROP FUNCTION refuse_event()');
  };
}
