import type { FastifyInstance } from 'fastify';
import type { BlobStore } from '../blobs/blob-store';
import type { DocumentPool } from '../documents/document-pool';
import type { Database } from '../db/db';
import type { WorkQueue } from '../work/queue';
import { registerFileTranslation } from './pipeline';
import { createTranslationQueries } from './queries';
import { translationRoutes } from './routes';
import { createTranslationService } from './service';

export interface FileTranslationOptions {
  db: Database;
  work: WorkQueue;
  blobs: BlobStore;
  pool: DocumentPool;
}

/**
 * File translation: its routes and its background work. Registered after the memories and MT
 * (it reads `app.tm`, translates with `app.mt`) and the documents (it shares their worker pool).
 */
export async function registerFileTranslations(
  app: FastifyInstance,
  options: FileTranslationOptions,
) {
  const queries = createTranslationQueries(options.db);
  registerFileTranslation(options.work, {
    queries,
    blobs: options.blobs,
    pool: options.pool,
    tm: app.tm,
    mt: () => app.mt,
  });
  const service = createTranslationService(queries, options.work);
  await app.register(translationRoutes, { service, blobs: options.blobs });
}
