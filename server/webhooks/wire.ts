import type {
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryState,
  WebhookEventType,
  WebhookResponse,
} from '../../shared/api/webhooks';
import type { AttemptRow, DeliveryLogRow } from './delivery-log-queries';
import { subscribedTypes } from './outbox';
import type { WebhookConfigurationRow } from './queries';

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/** A configuration as the API shows it: never its secret. */
export function webhookWire(row: WebhookConfigurationRow): WebhookResponse {
  return {
    id: row.id,
    webhookName: row.name,
    webhookUrl: row.url,
    eventType: subscribedTypes(row.event_types) as WebhookEventType[],
    enabled: row.disabled_at === null,
    disabledReason: row.disabled_at === null ? null : (row.disabled_reason ?? 'disabled'),
    failingSince: isoOrNull(row.failing_since),
  };
}

export function attemptWire(row: AttemptRow): WebhookAttempt {
  return {
    id: row.id,
    attemptedAt: iso(row.attempted_at),
    status: row.status,
    durationMs: row.duration_ms,
    error: row.error,
    nextAttemptAt: isoOrNull(row.next_attempt_at),
  };
}

export function deliveryWire(row: DeliveryLogRow, attempts: AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    messageId: row.message_id,
    state: row.state as WebhookDeliveryState,
    attempts: row.attempts,
    lastStatus: row.last_status,
    lastError: row.last_error,
    lastDurationMs: row.last_duration_ms,
    nextAttemptAt: row.state === 'pending' ? isoOrNull(row.next_attempt_at) : null,
    createdAt: iso(row.created_at),
    finishedAt: isoOrNull(row.finished_at),
    attemptLog: attempts.filter((a) => a.delivery_id === row.id).map(attemptWire),
  };
}
