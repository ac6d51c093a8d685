import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { BlobStore } from '../blobs/blob-store';
import type { Storage } from '../db/storage';
import { serverSecret } from '../db/secrets';
import type { FileService } from '../files/file-service';
import { createPartFolder } from './part-folder';
import { createUploadStore } from './queries';
import { uploadsRoutes } from './routes';
import { createUploadSigner } from './signing';
import { createUploadService } from './upload-service';

export interface UploadsOptions {
  storage: Storage;
  blobs: BlobStore;
  /** The blob folder: parts of uploads go to its `parts/` folder. */
  blobDir: string;
  fileService: FileService;
  maxUploadBytes: number;
  /** Clock of the signed upload URLs, epoch ms. */
  now?: () => number;
}

/**
 * The cloud-style uploads (signed part URLs). Clean-up after an interrupted run (uploads left
 * processing, part files no upload knows) runs here, before the app serves anything.
 */
export async function registerUploads(app: FastifyInstance, options: UploadsOptions) {
  const { storage, blobs, fileService, maxUploadBytes } = options;
  const parts = createPartFolder(join(options.blobDir, 'parts'));
  const uploads = createUploadStore(storage);
  const resumed = await uploads.resetProcessing();
  const strayParts = parts.sweep(await uploads.knownPartFiles());
  if (resumed + strayParts > 0) {
    app.log.info({ resumed, strayParts }, 'cleaned up uploads after an interrupted run');
  }
  const signer = createUploadSigner(await serverSecret(storage, 'upload-signing'), options.now);
  const uploadService = createUploadService({
    uploads,
    parts,
    blobs,
    fileService,
    signer,
    maxUploadBytes,
  });
  await app.register(uploadsRoutes, { uploads, service: uploadService, maxUploadBytes });
}
