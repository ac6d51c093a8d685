import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import {
  CreateWebhookOptions,
  WEBHOOK_EVENT_TYPES,
  WebhookIdParams,
  WebhookResponse,
  WebhookUpdateRequest,
  WebhookWithSecret,
} from '../../shared/api/webhooks';
import type { WebhookService } from './service';

export interface WebhooksRoutesOptions {
  webhooks: WebhookService;
}

export const ErrorRef = Type.Ref('Error');
export const tags = ['webhooks'];
/** API.md 4.5: the base of the webhook configuration routes. */
export const BASE = '/v3/connectors/configuration/webhooks';

const EVENTS_NOTE =
  `Event types: ${WEBHOOK_EVENT_TYPES.join(', ')} (FILE_TRANSLATION_UPDATE and DOCUMENT_UPDATE ` +
  'are our extensions: a file translation changed status; a pretranslation finished). ';
const EXTENSIONS_NOTE =
  'Our extensions in the answer: `enabled`, `disabledReason` (a webhook failing for 5 days ' +
  'straight is disabled), `failingSince`. ';
const DELIVERY_NOTE =
  'Each event is POSTed as `{"type","timestamp","data"}` (timestamp ISO 8601; data the Project, ' +
  'Job, TranslationInfo or Document after the change) with the Standard Webhooks headers ' +
  '`webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of ' +
  '`id.timestamp.body` keyed with the base64-decoded secret after `whsec_`); at least once, in ' +
  'order per webhook, retried with backoff for 24 hours.';

type ById = { Params: WebhookIdParams };

/** `/v3/connectors/configuration/webhooks` (API.md 4.5): the organization's webhooks. */
export const webhooksRoutes: FastifyPluginAsync<WebhooksRoutesOptions> = async (app, options) => {
  const { webhooks } = options;

  app.get(
    BASE,
    {
      schema: {
        summary: "List the organization's webhooks",
        description: `Oldest first; deleted ones are not listed; never the secret. ${EXTENSIONS_NOTE}`,
        tags,
        operationId: 'webhooksGetMany',
        response: { 200: Type.Array(WebhookResponse) },
      },
    },
    async (request) => webhooks.list(request.auth),
  );

  app.post<{ Body: CreateWebhookOptions }>(
    BASE,
    {
      schema: {
        summary: 'Create a webhook',
        description:
          '`webhookUrl` must be an http or https URL; `eventType` at least one event. Our ' +
          'extension: the answer carries `secret` (`whsec_...`) this once, to verify signatures ' +
          `with. ${EVENTS_NOTE}${DELIVERY_NOTE}`,
        tags,
        operationId: 'webhooksCreate',
        body: CreateWebhookOptions,
        response: { 200: WebhookWithSecret, 400: ErrorRef },
      },
    },
    async (request) => webhooks.create(request.auth, request.body),
  );

  app.get<ById>(
    `${BASE}/:id`,
    {
      schema: {
        summary: 'Get a webhook',
        description: `Deleted ones answer 404; never the secret. ${EXTENSIONS_NOTE}`,
        tags,
        operationId: 'webhooksGet',
        params: WebhookIdParams,
        response: { 200: WebhookResponse, 404: ErrorRef },
      },
    },
    async (request) => webhooks.get(request.auth, request.params.id),
  );

  app.put<ById & { Body: WebhookUpdateRequest }>(
    `${BASE}/:id`,
    {
      schema: {
        summary: 'Change a webhook',
        description:
          'All three fields (S3) or any of them (only the fields present change). Our ' +
          'extension: `enabled: true` re-enables a disabled webhook, `enabled: false` disables ' +
          'it and fails its pending deliveries.',
        tags,
        operationId: 'webhooksUpdate',
        params: WebhookIdParams,
        body: WebhookUpdateRequest,
        response: { 200: WebhookResponse, 400: ErrorRef, 404: ErrorRef },
      },
    },
    async (request) => webhooks.update(request.auth, request.params.id, request.body),
  );

  app.delete<ById>(
    `${BASE}/:id`,
    {
      schema: {
        summary: 'Delete a webhook',
        description:
          'Answers 204; from then on it answers 404 and its pending deliveries are not sent.',
        tags,
        operationId: 'services.configuration_api.webhooks.delete',
        params: WebhookIdParams,
        response: { 204: Type.Null(), 404: ErrorRef },
      },
    },
    async (request, reply) => {
      await webhooks.remove(request.auth, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post<ById>(
    `${BASE}/:id/secret`,
    {
      schema: {
        summary: "Rotate a webhook's secret (our extension)",
        description:
          'Answers the webhook with its new `secret`, this once; deliveries sent from now on ' +
          'are signed with it.',
        tags,
        operationId: 'webhooksRotateSecret',
        params: WebhookIdParams,
        response: { 200: WebhookWithSecret, 404: ErrorRef },
      },
    },
    async (request) => webhooks.rotateSecret(request.auth, request.params.id),
  );
};
