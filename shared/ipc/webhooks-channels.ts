import { Type } from '@sinclair/typebox';
import { Id } from '../api/fields';
import {
  CreateWebhookOptions,
  WebhookDeliveriesQuery,
  WebhookUpdateRequest,
  type WebhookDelivery,
  type WebhookResponse,
  type WebhookWithSecret,
} from '../api/webhooks';
import { ById, channel, closed, NoInput } from './channel-def';

/** Settings > Webhooks' channels (part of the IPC contract, contract.ts). */
export const webhookChannels = {
  /** The organization's webhooks (`GET /v3/connectors/configuration/webhooks`), never a secret. */
  'webhooks:list': channel<WebhookResponse[]>()(NoInput),
  'webhooks:get': channel<WebhookResponse>()(ById),
  /** Creates a webhook; the answer carries its `secret`, the only time the page sees it. */
  'webhooks:create': channel<WebhookWithSecret>()(closed(CreateWebhookOptions)),
  /**
   * Renames, re-targets or re-subscribes: only the fields present change. `enabled: true` turns
   * a disabled webhook on again.
   */
  'webhooks:update': channel<WebhookResponse>()(
    Type.Object(
      { id: Id, ...WebhookUpdateRequest.properties },
      { additionalProperties: false, minProperties: 2 },
    ),
  ),
  /** Deletes the webhook: nothing more is sent to it. The API answers 204; the channel the id. */
  'webhooks:delete': channel<{ id: number }>()(ById),
  /** A new secret, answered once; the old one stops signing at once. */
  'webhooks:rotate-secret': channel<WebhookWithSecret>()(ById),
  /** The webhook's recent deliveries, newest first, each with its latest attempts. */
  'webhooks:deliveries': channel<WebhookDelivery[]>()(
    Type.Object(
      { id: Id, limit: WebhookDeliveriesQuery.properties.limit },
      { additionalProperties: false },
    ),
  ),
  /** Sends a delivery's event again, as a new delivery at the end of the webhook's queue. */
  'webhooks:redeliver': channel<WebhookDelivery>()(
    Type.Object({ id: Id, deliveryId: Id }, { additionalProperties: false }),
  ),
  /** Sends a `WEBHOOK_TEST` event to this webhook only; answers its delivery. */
  'webhooks:test': channel<WebhookDelivery>()(ById),
};
