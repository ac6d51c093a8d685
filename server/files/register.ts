import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createBlobStore, DEFAULT_MAX_UPLOAD_BYTES, type BlobStore } from '../blobs/blob-store';
import { registerLanguageDetection } from '../langid/detect-job';
import { filesRoutes } from '../routes/files';
import { uploadsRoutes } from '../routes/uploads';
import type { Database } from '../store/db';
import { createFileStore } from '../store/files';
import { serverSecret } from '../store/secrets';
import { createUploadStore } from '../store/uploads';
import { createPartFolder } from '../uploads/part-folder';
import { createUploadService } from '../uploads/upload-service';
import { createUploadSigner } from '../uploads/signing';
import { createWorkQueue, type WorkQueue, type WorkQueueOptions } from '../work/queue';
import { createFileService } from './file-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable background work queue (language detection; later translation, webhooks). */
    work: WorkQueue;
  }
}

export interface WorkOptions extends WorkQueueOptions {
  /** Do not start the worker: items wait in the database (tests of restarts). */
  paused?: boolean;
  /** How long closing the app waits for running items (default 10 s). */
  stopTimeoutMs?: number;
}

export interface FilesOptions {
  db: Database;
  /** The data folder; blobs go to `<dataDir>/blobs`. Default: the database's folder. */
  dataDir?: string;
  maxUploadBytes?: number;
  work?: WorkOptions;
  /** Clock of the signed upload URLs, epoch ms. */
  now?: () => number;
}

/** The database's own folder, or a temporary one (removed on close) for an in-memory database. */
function dataFolder(db: Database, given: string | undefined): { dir: string; temporary: boolean } {
  if (given) return { dir: given, temporary: false };
  if (!db.memory && db.name) return { dir: dirname(db.name), temporary: false };
  return { dir: mkdtempSync(join(tmpdir(), 'wordbench-blobs-')), temporary: true };
}

/**
 * Files, their bytes, the cloud-style uploads and the background work behind them. Start-up
 * clean-up (interrupted uploads, unrecorded blobs, orphaned parts) runs here, before the app
 * serves anything; the worker starts when the app is ready and stops when it closes.
 */
export async function registerFiles(
  app: FastifyInstance,
  options: FilesOptions,
): Promise<{ blobs: BlobStore; work: WorkQueue; maxUploadBytes: number }> {
  const { db } = options;
  const maxUploadBytes = options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  const folder = dataFolder(db, options.dataDir);
  const blobs = createBlobStore(db, join(folder.dir, 'blobs'));
  const parts = createPartFolder(join(folder.dir, 'blobs', 'parts'));
  const files = createFileStore(db);
  const uploads = createUploadStore(db);

  const cleaned = blobs.recover();
  const resumed = uploads.resetProcessing();
  const strayParts = parts.sweep(uploads.knownPartFiles());
  if (cleaned.tempFiles + cleaned.orphans + resumed + strayParts > 0) {
    app.log.info({ ...cleaned, resumed, strayParts }, 'cleaned up after an interrupted run');
  }

  const work = createWorkQueue(db, { log: app.log, ...options.work });
  registerLanguageDetection(work, { files, blobs });
  app.decorate('work', work);

  const fileService = createFileService({ blobs, files, work });
  const signer = createUploadSigner(serverSecret(db, 'upload-signing'), options.now);
  const uploadService = createUploadService({
    uploads,
    parts,
    blobs,
    fileService,
    signer,
    maxUploadBytes,
  });

  await app.register(filesRoutes, { files, blobs, service: fileService, maxUploadBytes });
  await app.register(uploadsRoutes, { uploads, service: uploadService, maxUploadBytes });

  app.addHook('onReady', async () => {
    if (!options.work?.paused) work.start();
  });
  app.addHook('onClose', async () => {
    await work.stop(options.work?.stopTimeoutMs);
    if (folder.temporary) rmSync(folder.dir, { recursive: true, force: true });
  });
  return { blobs, work, maxUploadBytes };
}
