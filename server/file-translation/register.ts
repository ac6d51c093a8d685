import type { FastifyInstance } from 'fastify';
import type { BlobStore } from '../blobs/blob-store';
import type { DocumentPool } from '../documents/document-pool';
import type { Storage } from '../db/storage';
import type { WorkQueue } from '../work/queue';
import { registerFileTranslation } from './pipeline';
import { translationRoutes } from './routes';
import { createTranslationService } from './service';
import { createTranslationStore } from './translation-store';

export interface FileTranslationOptions {
  storage: Storage;
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
  const store = createTranslationStore(options.storage);
  registerFileTranslation(options.work, {
    store,
    blobs: options.blobs,
    pool: options.pool,
    tm: app.tm,
    mt: () => app.mt,
  });
  const service = createTranslationService(store, options.work);
  await app.register(translationRoutes, { service, blobs: options.blobs });
}
