import type { FastifyInstance } from 'fastify';
import { documentsRoutes } from '../routes/documents';
import { segmentsRoutes } from '../routes/segments';
import type { Database } from '../store/db';
import type { WorkQueue } from '../work/queue';
import { createDocumentRecords } from './document-store';
import { createDocumentPool } from './document-pool';
import { registerPretranslation } from './pretranslate-job';
import { createSegmentWrites } from './segment-writes';

export interface DocumentsOptions {
  db: Database;
  work: WorkQueue;
}

/**
 * Documents and their segments: routes, and the pretranslation work. Registered after the
 * memories and MT (it writes units through `app.tm`, pretranslates with `app.mt`). Answers the
 * document worker pool, which file translation shares.
 */
export async function registerDocuments(app: FastifyInstance, options: DocumentsOptions) {
  const { db, work } = options;
  const records = createDocumentRecords(db, work);
  const writes = createSegmentWrites(db, app.tm, records);
  registerPretranslation(work, { db, tm: app.tm, mt: () => app.mt });
  const pool = createDocumentPool();
  app.addHook('onClose', () => pool.close());
  await app.register(documentsRoutes, { records, pool });
  await app.register(segmentsRoutes, { db, segments: records.segments, writes });
  return { pool };
}
