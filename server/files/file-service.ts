import type { Readable } from 'node:stream';
import type { FileCategory, SourceFile } from '../../shared/api/files';
import type { BlobStore } from '../blobs/blob-store';
import { badRequest, notFound } from '../http/http-error';
import { DETECT_LANGUAGE } from './detect-job';
import type { FileStore } from './queries';
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
     * transaction too (an upload marks itself completed). Nothing remains if anything fails.
     */
    async store(
      source: Readable | AsyncIterable<Buffer>,
      details: FileDetails,
      options: { maxBytes: number; alsoRecord?: (fileId: number) => void },
    ): Promise<SourceFile> {
      const staged = await blobs.stage(source, options.maxBytes);
      if (staged.size === 0) {
        blobs.discard(staged);
        throw badRequest(NO_BYTES_MESSAGE);
      }
      const id = blobs.commit(staged, () => {
        // The project may have gone while the bytes were arriving.
        if (details.projectId !== null && !files.projectExists(details.orgId, details.projectId)) {
          throw notFound(`Project ${details.projectId} not found`);
        }
        const fileId = files.insert({
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
        if (details.detectLanguage) work.enqueue(DETECT_LANGUAGE, { fileId });
        options.alsoRecord?.(fileId);
        return fileId;
      });
      const file = files.get(details.orgId, id);
      if (!file) throw new Error(`File ${id} vanished right after it was stored`);
      return file;
    },

    /** Deletes the record, then its blob unless another record still uses the same bytes. */
    remove(orgId: number, id: number): boolean {
      const sha256 = files.remove(orgId, id);
      if (sha256 === null) return false;
      blobs.release(sha256);
      return true;
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
