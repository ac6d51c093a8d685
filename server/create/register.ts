import type { FastifyInstance } from 'fastify';
import type { Storage } from '../db/storage';
import { createEngineRoutes } from './engine-routes';
import { createEnginePool } from './engine-pool';
import { withThreads, type CreateOptions } from './engine-settings';
import { createRoutes } from './routes';
import { createCreateService } from './service';

export type { CreateOptions } from './engine-settings';

/**
 * Create (issue 17): its routes, and this process's engines, closed with the app. The server's
 * default engine, when there is one, is made at start and gets ready in the background.
 */
export async function registerCreate(
  app: FastifyInstance,
  storage: Storage,
  options: CreateOptions = {},
): Promise<void> {
  const pool = createEnginePool(app.log);
  const defaultEngine = withThreads(options.defaultEngine ?? null, options.threads);
  if (defaultEngine) {
    const engine = pool.pin(defaultEngine);
    app.addHook('onReady', async () => {
      engine.prepare().catch((error: unknown) => {
        app.log.warn({ err: error }, "the server's default Create engine did not get ready");
      });
    });
  }
  const service = createCreateService(storage, pool, options);
  await app.register(createEngineRoutes, { service, pool });
  await app.register(createRoutes, { service, pool });
  app.addHook('onClose', () => pool.closeAll());
}
