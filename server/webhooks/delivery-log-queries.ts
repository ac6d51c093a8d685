import type { Queryable } from '../db/storage';

/** A delivery with its event's type and message id, as the delivery log shows it (times in ms). */
export interface DeliveryLogRow {
  id: number;
  configuration_id: number;
  event_id: number;
  event_type: string;
  message_id: string;
  state: string;
  attempts: number;
  next_attempt_at: number | null;
  created_at: number;
  finished_at: number | null;
  last_status: number | null;
  last_error: string | null;
  last_duration_ms: number | null;
}

export interface AttemptRow {
  id: number;
  delivery_id: number;
  attempted_at: number;
  status: number | null;
  duration_ms: number | null;
  error: string | null;
  next_attempt_at: number | null;
}

/** The delivery log of configurations (`webhook_deliveries` with their events and attempts). */
export function deliveryLogQueries(db: Queryable) {
  const deliveries = () =>
    db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .select([
        'd.id',
        'd.configuration_id',
        'd.event_id',
        'e.type as event_type',
        'e.message_id',
        'd.state',
        'd.attempts',
        'd.next_attempt_at',
        'd.created_at',
        'd.finished_at',
        'd.last_status',
        'd.last_error',
        'd.last_duration_ms',
      ]);

  return {
    /** The configuration's most recent deliveries, newest first. */
    async recent(configurationId: number, limit: number): Promise<DeliveryLogRow[]> {
      return deliveries()
        .where('d.configuration_id', '=', configurationId)
        .orderBy('d.id', 'desc')
        .limit(limit)
        .execute();
    },

    async get(configurationId: number, deliveryId: number): Promise<DeliveryLogRow | null> {
      const row = await deliveries()
        .where('d.configuration_id', '=', configurationId)
        .where('d.id', '=', deliveryId)
        .executeTakeFirst();
      return row ?? null;
    },

    /** The attempts of these deliveries, newest first, at most `limit` rows in all. */
    async attemptsOf(deliveryIds: number[], limit: number): Promise<AttemptRow[]> {
      if (deliveryIds.length === 0) return [];
      return db
        .selectFrom('webhook_attempts')
        .select([
          'id',
          'delivery_id',
          'attempted_at',
          'status',
          'duration_ms',
          'error',
          'next_attempt_at',
        ])
        .where('delivery_id', 'in', deliveryIds)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Ends the configuration's pending deliveries as failed, with `reason` (deleted, disabled). */
    async failPending(configurationId: number, reason: string, now: number): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({ state: 'failed', finished_at: now, next_attempt_at: null, last_error: reason })
        .where('configuration_id', '=', configurationId)
        .where('state', '=', 'pending')
        .execute();
    },
  };
}
