import type { Queryable } from '../db/storage';

/** What the outbox writes: an event and its deliveries (`webhook_events`, `webhook_deliveries`). */
export interface NewWebhookEvent {
  orgId: number;
  type: string;
  messageId: string;
  /** The exact JSON text to send. */
  body: string;
  now: number;
}

/** The outbox's reads and writes; `db` is the transaction of the change that causes the event. */
export function outboxQueries(db: Queryable) {
  return {
    /**
     * The organization's enabled, not deleted configurations with their subscribed types (JSON
     * text): the caller picks the subscribed ones. Uses the index on (org_id, id).
     */
    async activeConfigurations(orgId: number): Promise<Array<{ id: number; event_types: string }>> {
      return db
        .selectFrom('webhook_configurations')
        .select(['id', 'event_types'])
        .where('org_id', '=', orgId)
        .where('deleted_at', 'is', null)
        .where('disabled_at', 'is', null)
        .orderBy('id')
        .execute();
    },

    async insertEvent(event: NewWebhookEvent): Promise<number> {
      const row = await db
        .insertInto('webhook_events')
        .values({
          org_id: event.orgId,
          type: event.type,
          message_id: event.messageId,
          body: event.body,
          created_at: event.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** One pending delivery of the event per configuration, due at `now`; answers their ids. */
    async insertDeliveries(eventId: number, configurationIds: number[], now: number) {
      if (configurationIds.length === 0) return [];
      const rows = await db
        .insertInto('webhook_deliveries')
        .values(
          configurationIds.map((configurationId) => ({
            configuration_id: configurationId,
            event_id: eventId,
            state: 'pending',
            attempts: 0,
            next_attempt_at: now,
            created_at: now,
          })),
        )
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },
  };
}
