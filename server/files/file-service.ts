import type { Readable } from 'node:stream';
import type { FileCategory, SourceFile } from '../../shared/api/files';
import type { BlobStore } from '../blobs/blob-store';
import type { Queryable } from '../db/storage';
import { badRequest, notFound } from '../http/http-error';
import { DETECT_LANGUAGE } from './detect-job';
import { fileQueries, type FileStore } from './queries';
import type { WorkQueue } from '../work/queue';

/** What to record with a file's bytes; everything already validated. */
export interface FileDetails {
  orgId: number;
  userId: number | null;
  projectId: number | null;
  name: string;
  /** The client's own hash; the MD5 of the bytes when absent. */
  fileHash?: string;
  category: FileCategory;
  labels: string[];
  detectLanguage: boolean;
}

export const NO_BYTES_MESSAGE = 'The request has no file bytes: send the file as the body';

/**
 * Storing and deleting files: the blob store keeps the bytes, the file store the record, the
 * work queue the language detection. Shared by `POST /v2/files` and the cloud-style uploads.
 */
export function createFileService(deps: { blobs: BlobStore; files: FileStore; work: WorkQueue }) {
  const { blobs, files, work } = deps;

  return {
    /**
     * Streams `source` into the blob store and records the file, its labels and (with
     * `detectLanguage`) its detection work in one transaction. `alsoRecord` runs inside that
     * transaction too, on its `tx` (an upload marks itself completed). Nothing remains if
     * anything fails.
     */
    async store(
      source: Readable | AsyncIterable<Buffer>,
      details: FileDetails,
      options: {
        maxBytes: number;
        alsoRecord?: (tx: Queryable, fileId: number) => Promise<void>;
      },
    ): Promise<SourceFile> {
      const staged = await blobs.stage(source, options.maxBytes);
      if (staged.size === 0) {
        blobs.discard(staged);
        throw badRequest(NO_BYTES_MESSAGE);
      }
      return blobs.commit(staged, async (tx) => {
        const q = fileQueries(tx);
        // The project may have gone while the bytes were arriving.
        if (
          details.projectId !== null &&
          !(await q.projectExists(details.orgId, details.projectId))
        ) {
          throw notFound(`Project ${details.projectId} not found`);
        }
        const fileId = await q.insert({
          orgId: details.orgId,
          userId: details.userId,
          projectId: details.projectId,
          name: details.name,
          fileHash: details.fileHash ?? staged.md5,
          sha256: staged.sha256,
          size: staged.size,
          category: details.category,
          labels: details.labels,
          isDetecting: details.detectLanguage,
        });
        await options.alsoRecord?.(tx, fileId);
        // Read in the transaction: a delete right after the commit cannot make it vanish.
        const file = await q.get(details.orgId, fileId);
        if (!file) throw new Error(`File ${fileId} vanished right after it was stored`);
        // In this transaction: the file and its detection commit together, or neither does.
        if (details.detectLanguage) await work.enqueueIn(tx, DETECT_LANGUAGE, { fileId });
        return file;
      });
    },

    /** Deletes the record, then its blob unless another record still uses the same bytes. */
    async remove(orgId: number, id: number): Promise<boolean> {
      const sha256 = await files.remove(orgId, id);
      if (sha256 === null) return false;
      await blobs.release(sha256);
      return true;
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
