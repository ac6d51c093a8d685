import type { FastifyInstance } from 'fastify';
import type { BlobStore } from '../blobs/blob-store';
import type { Database } from '../db/db';
import type { WorkQueue } from '../work/queue';
import { registerLanguageDetection } from './detect-job';
import { createFileService, type FileService } from './file-service';
import { createFileStore } from './queries';
import { filesRoutes } from './routes';

export interface FilesOptions {
  db: Database;
  blobs: BlobStore;
  work: WorkQueue;
  maxUploadBytes: number;
}

/** Files and their language detection. Answers the service that the uploads also create files with. */
export async function registerFiles(
  app: FastifyInstance,
  options: FilesOptions,
): Promise<{ fileService: FileService }> {
  const { db, blobs, work, maxUploadBytes } = options;
  const files = createFileStore(db);
  registerLanguageDetection(work, { files, blobs });
  const fileService = createFileService({ blobs, files, work });
  await app.register(filesRoutes, { files, blobs, service: fileService, maxUploadBytes });
  return { fileService };
}
