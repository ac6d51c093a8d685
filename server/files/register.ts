import type { FastifyInstance } from 'fastify';
import type { BlobStore } from '../blobs/blob-store';
import type { Storage } from '../db/storage';
import type { WorkQueue } from '../work/queue';
import { registerLanguageDetection } from './detect-job';
import { createFileService, type FileService } from './file-service';
import { createFileStore } from './queries';
import { filesRoutes } from './routes';

export interface FilesOptions {
  storage: Storage;
  blobs: BlobStore;
  work: WorkQueue;
  maxUploadBytes: number;
}

/** Files and their language detection. Answers the service that the uploads also create files with. */
export async function registerFiles(
  app: FastifyInstance,
  options: FilesOptions,
): Promise<{ fileService: FileService }> {
  const { storage, blobs, work, maxUploadBytes } = options;
  const files = createFileStore(storage);
  registerLanguageDetection(work, { files, blobs, log: app.log });
  const fileService = createFileService({ blobs, files, work });
  await app.register(filesRoutes, { files, blobs, service: fileService, maxUploadBytes });
  return { fileService };
}
