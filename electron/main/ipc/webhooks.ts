import type {
  WebhookDelivery,
  WebhookResponse,
  WebhookUpdateRequest,
  WebhookWithSecret,
} from '../../../shared/api/webhooks';
import type { Gateway } from '../gateway/gateway';
import type { Handlers } from './validated';

type WebhookHandlers = Pick<Handlers, Extract<keyof Handlers, `webhooks:${string}`>>;

const BASE = '/v3/connectors/configuration/webhooks';
const webhookPath = (id: number, rest = '') => `${BASE}/${id}${rest}`;

/**
 * The webhook routes (API.md 4.5 and our extensions). A secret reaches the page only as the
 * answer of create and rotate; the list and get answers never carry one.
 */
export function webhookHandlers(gateway: Gateway): WebhookHandlers {
  return {
    'webhooks:list': () => gateway.json<WebhookResponse[]>({ method: 'GET', path: BASE }),
    'webhooks:get': ({ id }) =>
      gateway.json<WebhookResponse>({ method: 'GET', path: webhookPath(id) }),
    'webhooks:create': (input) =>
      gateway.json<WebhookWithSecret>({ method: 'POST', path: BASE, json: input }),
    'webhooks:update': ({ id, ...change }) =>
      gateway.json<WebhookResponse>({
        method: 'PUT',
        path: webhookPath(id),
        json: change satisfies WebhookUpdateRequest,
      }),
    'webhooks:delete': async ({ id }) => {
      await gateway.json<unknown>({ method: 'DELETE', path: webhookPath(id) });
      return { id };
    },
    'webhooks:rotate-secret': ({ id }) =>
      gateway.json<WebhookWithSecret>({ method: 'POST', path: webhookPath(id, '/secret') }),
    'webhooks:deliveries': ({ id, limit }) =>
      gateway.json<WebhookDelivery[]>({
        method: 'GET',
        path: webhookPath(id, '/deliveries'),
        query: { limit },
      }),
    'webhooks:redeliver': ({ id, deliveryId }) =>
      gateway.json<WebhookDelivery>({
        method: 'POST',
        path: webhookPath(id, `/deliveries/${deliveryId}/redeliver`),
      }),
    'webhooks:test': ({ id }) =>
      gateway.json<WebhookDelivery>({ method: 'POST', path: webhookPath(id, '/test') }),
  };
}
