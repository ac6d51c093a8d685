import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import {
  DELIVERIES_LIMIT_DEFAULT,
  WebhookDeliveriesQuery,
  WebhookDelivery,
  WebhookDeliveryParams,
  WebhookIdParams,
} from '../../shared/api/webhooks';
import type { DeliveryLog } from './delivery-log';
import { BASE, ErrorRef, tags } from './routes';

export interface DeliveryRoutesOptions {
  log: DeliveryLog;
}

const sending = { 200: WebhookDelivery, 404: ErrorRef, 409: ErrorRef };

/** Our extensions under a webhook: its delivery log, a redelivery, a test event. */
export const webhookDeliveryRoutes: FastifyPluginAsync<DeliveryRoutesOptions> = async (
  app,
  options,
) => {
  const { log } = options;

  app.get<{ Params: WebhookIdParams; Querystring: WebhookDeliveriesQuery }>(
    `${BASE}/:id/deliveries`,
    {
      schema: {
        summary: "A webhook's recent deliveries (our extension)",
        description:
          'Newest first, at most `limit`; each with its state (pending, delivered, failed), the ' +
          'last response code, error and duration, when the next attempt is due, and its ' +
          'recent attempts (`attemptLog`, newest first).',
        tags,
        operationId: 'webhooksDeliveries',
        params: WebhookIdParams,
        querystring: WebhookDeliveriesQuery,
        response: { 200: Type.Array(WebhookDelivery), 404: ErrorRef },
      },
    },
    async (request) =>
      log.recent(request.auth, request.params.id, request.query.limit ?? DELIVERIES_LIMIT_DEFAULT),
  );

  app.post<{ Params: WebhookDeliveryParams }>(
    `${BASE}/:id/deliveries/:deliveryId/redeliver`,
    {
      schema: {
        summary: 'Send a delivery again (our extension)',
        description:
          'Queues a new pending delivery of the same event (the same `webhook-id`) at the end ' +
          "of the webhook's queue and answers it. 409 while the webhook is disabled.",
        tags,
        operationId: 'webhooksRedeliver',
        params: WebhookDeliveryParams,
        response: sending,
      },
    },
    async (request) => log.redeliver(request.auth, request.params.id, request.params.deliveryId),
  );

  app.post<{ Params: WebhookIdParams }>(
    `${BASE}/:id/test`,
    {
      schema: {
        summary: 'Send a test event (our extension)',
        description:
          'Queues an event of type `WEBHOOK_TEST` with `data: {webhookId, message}` to this ' +
          'webhook only (whatever it subscribes to) and answers its delivery. 409 while the ' +
          'webhook is disabled.',
        tags,
        operationId: 'webhooksTest',
        params: WebhookIdParams,
        response: sending,
      },
    },
    async (request) => log.sendTest(request.auth, request.params.id),
  );
};
