import { expect } from 'vitest';
import type {
  CreateWebhookOptions,
  WebhookDelivery,
  WebhookWithSecret,
} from '../../shared/api/webhooks';
import type { Storage } from '../db/storage';
import { rowsById, type apiClient } from '../test-support';
import { BASE } from './routes';

export { BASE };

export type Api = ReturnType<typeof apiClient>;

export const sampleHook = (
  overrides: Partial<CreateWebhookOptions> = {},
): CreateWebhookOptions => ({
  webhookName: 'CMS',
  webhookUrl: 'https://hooks.example.com/wordbench',
  eventType: ['PROJECT_UPDATE', 'PROJECT_DELIVER'],
  ...overrides,
});

/** Creates a webhook through the API; answers it with its secret. */
export async function createHook(
  api: Api,
  overrides: Partial<CreateWebhookOptions> = {},
): Promise<WebhookWithSecret> {
  const response = await api.post(BASE, sampleHook(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WebhookWithSecret>();
}

/** Posts to a webhook's sending route (test, redeliver) and answers the queued delivery. */
export async function queued(api: Api, url: string): Promise<WebhookDelivery> {
  const response = await api.post(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WebhookDelivery>();
}

/** Every row of the webhook tables: equal snapshots mean a request changed nothing. */
export function webhookTables(storage: Storage) {
  return rowsById(storage.db, [
    'webhook_configurations',
    'webhook_events',
    'webhook_deliveries',
    'webhook_attempts',
  ]);
}
