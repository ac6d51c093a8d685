import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable } from './fields';

/**
 * The events a configuration can subscribe to (API.md 4.5 and Part A "Webhook events"), and ours:
 * `FILE_TRANSLATION_UPDATE` (a file translation changed status, data a TranslationInfo) and
 * `DOCUMENT_UPDATE` (a pretranslation finished, data the Document without segments).
 */
export const WEBHOOK_EVENT_TYPES = [
  'PROJECT_UPDATE',
  'PROJECT_DELIVER',
  'JOB_UPDATE',
  'JOB_DELIVER',
  'FILE_TRANSLATION_UPDATE',
  'DOCUMENT_UPDATE',
] as const;
export const WebhookEventType = Type.Union(
  WEBHOOK_EVENT_TYPES.map((t) => Type.Literal(t)),
  { description: `an event type: ${WEBHOOK_EVENT_TYPES.join(', ')}` },
);
export type WebhookEventType = Static<typeof WebhookEventType>;

/** Sent only by `POST .../webhooks/{id}/test`, to that configuration; nobody subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'WEBHOOK_TEST';
/** Any `type` an outbound payload may carry. */
export type WebhookSentType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

/** The longest `webhookUrl` taken. */
export const WEBHOOK_URL_MAX = 2048;

const WebhookName = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: '\\S',
  description: 'a name of 1 to 255 characters, not only spaces',
});
const WebhookUrl = Type.String({
  minLength: 1,
  maxLength: WEBHOOK_URL_MAX,
  description: `an absolute http or https URL of at most ${WEBHOOK_URL_MAX} characters`,
});
const EventTypes = Type.Array(WebhookEventType, {
  minItems: 1,
  maxItems: 32,
  description: 'the events to send, at least one; duplicates count once',
});
/** ISO 8601 date-time in UTC, as the outbound `timestamp`. */
const IsoDateTime = Type.String({ format: 'date-time' });

/** API.md 4.5, CreateWebhookOptions. */
export const CreateWebhookOptions = Type.Object(
  { webhookName: WebhookName, webhookUrl: WebhookUrl, eventType: EventTypes },
  { additionalProperties: false },
);
export type CreateWebhookOptions = Static<typeof CreateWebhookOptions>;

/**
 * API.md 4.5, the PUT body: S3's object with all three fields, or P's single-field objects; only
 * the fields present change. Our extension: `enabled: true` re-enables a configuration the
 * dispatcher disabled (`false` disables it by hand).
 */
export const WebhookUpdateRequest = Type.Object(
  {
    webhookName: Type.Optional(WebhookName),
    webhookUrl: Type.Optional(WebhookUrl),
    eventType: Type.Optional(EventTypes),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type WebhookUpdateRequest = Static<typeof WebhookUpdateRequest>;

/** API.md 4.5, WebhookResponse, with our extensions (never the secret). */
export const WebhookResponse = Type.Object({
  id: Id,
  webhookName: Type.String(),
  webhookUrl: Type.String(),
  eventType: Type.Array(WebhookEventType),
  /** Our extension: false once disabled (by hand, or after 5 days of failed attempts). */
  enabled: Type.Boolean(),
  /** Our extension: why it was disabled, in words; null while enabled. */
  disabledReason: Nullable(Type.String()),
  /** Our extension: the first failed attempt of the current run of failures; null after a success. */
  failingSince: Nullable(IsoDateTime),
});
export type WebhookResponse = Static<typeof WebhookResponse>;

/** Our extension: create and `POST .../{id}/secret` answer the secret, once (`whsec_` + base64). */
export const WebhookWithSecret = Type.Composite([
  WebhookResponse,
  Type.Object({ secret: Type.String({ pattern: '^whsec_' }) }),
]);
export type WebhookWithSecret = Static<typeof WebhookWithSecret>;

export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export const WebhookDeliveryState = Type.Union(DELIVERY_STATES.map((s) => Type.Literal(s)));
export type WebhookDeliveryState = Static<typeof WebhookDeliveryState>;

/** One try at sending a delivery. */
export const WebhookAttempt = Type.Object({
  id: Id,
  attemptedAt: IsoDateTime,
  /** The receiver's HTTP status; null when none came (timeout, connection error, refused). */
  status: Nullable(Type.Integer()),
  durationMs: Nullable(Type.Integer({ minimum: 0 })),
  error: Nullable(Type.String()),
  /** When the next try is due; null when none follows. */
  nextAttemptAt: Nullable(IsoDateTime),
});
export type WebhookAttempt = Static<typeof WebhookAttempt>;

/** Our extension: one event sent to one configuration, with its recent attempts, newest first. */
export const WebhookDelivery = Type.Object({
  id: Id,
  eventId: Id,
  eventType: Type.String({ description: 'an event type, or WEBHOOK_TEST' }),
  /** The event's `webhook-id` header: the same on every attempt and on a redelivery. */
  messageId: Type.String(),
  state: WebhookDeliveryState,
  /** How many attempts were made. */
  attempts: Type.Integer({ minimum: 0 }),
  lastStatus: Nullable(Type.Integer()),
  lastError: Nullable(Type.String()),
  lastDurationMs: Nullable(Type.Integer({ minimum: 0 })),
  nextAttemptAt: Nullable(IsoDateTime),
  createdAt: IsoDateTime,
  finishedAt: Nullable(IsoDateTime),
  /** The attempts themselves, newest first (the most recent few). */
  attemptLog: Type.Array(WebhookAttempt),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const DELIVERIES_LIMIT_DEFAULT = 20;
export const DELIVERIES_LIMIT_MAX = 100;

export const WebhookDeliveriesQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: DELIVERIES_LIMIT_MAX, default: DELIVERIES_LIMIT_DEFAULT }),
  ),
});
export type WebhookDeliveriesQuery = Static<typeof WebhookDeliveriesQuery>;

/** The outbound body (Part A): `timestamp` is ISO; `data` the Project, Job, ... after the change. */
export interface WebhookPayload<T = unknown> {
  type: WebhookSentType;
  timestamp: string;
  data: T;
}

/** The `data` of a `WEBHOOK_TEST` event. */
export interface WebhookTestData {
  webhookId: number;
  message: string;
}

export const WebhookIdParams = Type.Object({ id: Id });
export type WebhookIdParams = Static<typeof WebhookIdParams>;

export const WebhookDeliveryParams = Type.Object({ id: Id, deliveryId: Id });
export type WebhookDeliveryParams = Static<typeof WebhookDeliveryParams>;
