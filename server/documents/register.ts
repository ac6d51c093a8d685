import type { FastifyInstance } from 'fastify';
import { documentsRoutes } from './routes';
import type { Storage } from '../db/storage';
import type { WorkQueue } from '../work/queue';
import { createDocumentRecords } from './document-store';
import { createDocumentPool } from './document-pool';
import { registerPretranslation } from './pretranslate-job';
import { qaIgnoreRoutes } from './qa-ignore-routes';
import { segmentPagesRoute } from './segment-pages-route';

export interface DocumentsOptions {
  storage: Storage;
  work: WorkQueue;
}

/**
 * Documents: routes and the pretranslation work. Registered after the memories and MT (it
 * pretranslates with `app.tm` and `app.mt`). Answers the document records, which the segments
 * area reads and writes through, and the document worker pool, which file translation shares.
 */
export async function registerDocuments(app: FastifyInstance, options: DocumentsOptions) {
  const { storage, work } = options;
  const records = await createDocumentRecords(storage, work);
  registerPretranslation(work, { storage, tm: app.tm, mt: () => app.mt });
  const pool = createDocumentPool();
  app.addHook('onClose', () => pool.close());
  await app.register(documentsRoutes, { records, pool });
  await app.register(qaIgnoreRoutes, { storage });
  await app.register(segmentPagesRoute, { storage });
  return { pool, records };
}
