import type { FastifyInstance } from 'fastify';
import { documentsRoutes } from '../routes/documents';
import { segmentsRoutes } from '../routes/segments';
import type { Database } from '../store/db';
import type { WorkQueue } from '../work/queue';
import { createDocumentRecords } from './document-store';
import { registerPretranslation } from './pretranslate-job';
import { createSegmentWrites } from './segment-writes';

export interface DocumentsOptions {
  db: Database;
  work: WorkQueue;
}

/**
 * Documents and their segments: routes, and the pretranslation work. Registered after the
 * memories and MT (it writes units through `app.tm`, pretranslates with `app.mt`).
 */
export async function registerDocuments(app: FastifyInstance, options: DocumentsOptions) {
  const { db, work } = options;
  const records = createDocumentRecords(db, work);
  const writes = createSegmentWrites(db, app.tm, records);
  registerPretranslation(work, { db, tm: app.tm, mt: () => app.mt });
  await app.register(documentsRoutes, { records });
  await app.register(segmentsRoutes, { db, segments: records.segments, writes });
}
