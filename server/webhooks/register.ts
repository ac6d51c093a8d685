import type { FastifyInstance } from 'fastify';
import type { Storage } from '../db/storage';
import { createDeliveryLog } from './delivery-log';
import { webhookDeliveryRoutes } from './delivery-routes';
import { createDispatcher, type Dispatcher, type DispatcherOptions } from './dispatcher';
import { webhooksRoutes } from './routes';
import { createWebhookService } from './service';

export interface WebhooksOptions extends DispatcherOptions {
  /** Do not start the dispatcher: deliveries wait in the database (tests of the routes, restarts). */
  paused?: boolean;
}

/**
 * Webhooks: the configuration routes, the delivery log, and this process's dispatcher, which
 * starts when the app is ready and stops (letting attempts in flight end as pending) when it
 * closes. Events are queued by the areas that change things, through ./outbox.ts.
 */
export async function registerWebhooks(
  app: FastifyInstance,
  storage: Storage,
  options: WebhooksOptions = {},
): Promise<Dispatcher> {
  const { paused, ...dispatcherOptions } = options;
  const dispatcher = createDispatcher(storage, { log: app.log, ...dispatcherOptions });
  await app.register(webhooksRoutes, { webhooks: createWebhookService(storage) });
  await app.register(webhookDeliveryRoutes, { log: createDeliveryLog(storage) });
  app.addHook('onReady', async () => {
    if (!paused) await dispatcher.start();
  });
  app.addHook('onClose', () => dispatcher.stop());
  return dispatcher;
}
