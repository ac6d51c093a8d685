import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import type { DocumentWithSegments } from '../../shared/api/documents';
import type { Storage } from '../db/storage';
import type { WorkQueue } from '../work/queue';
import { createDocumentImporter } from './document-import';
import { documentQueries } from './document-queries';
import { segmentQueries } from './segment-queries';

/**
 * Documents with their skeletons and segments, over the storage. A new document is written by
 * the importer (document-import.ts), hidden until it is whole: every read here skips documents
 * still importing. Answered once the documents a crash left half-written are deleted.
 */
export async function createDocumentRecords(storage: Storage, work: WorkQueue) {
  const documents = documentQueries(storage.db, storage.dialect);
  const segments = segmentQueries(storage.db, storage.dialect);
  const importer = createDocumentImporter(storage, work);
  await importer.discardUnfinished();

  return {
    /** Segment reads outside any transaction (pages, one segment, unlocking). */
    segments,
    /** The document without its segments (those are read in pages: `segments.pageByDocument`). */
    header: documents.header,
    /** The document with every segment, read at once: for tests and small documents. */
    async get(orgId: number, id: number): Promise<DocumentWithSegments | null> {
      return storage.snapshot(async (tx) => {
        const document = await documentQueries(tx, storage.dialect).header(orgId, id);
        if (!document) return null;
        const all = await segmentQueries(tx, storage.dialect).listByDocument(id);
        return { ...document, segments: all };
      });
    },
    importDocument: importer.importDocument,
    project: documents.project,
    ref: documents.ref,
    /** The stored skeleton (JSON text), read a part per turn of the loop; null without one. */
    async skeletonJson(id: number): Promise<string | null> {
      const parts: string[] = [];
      for (let part = 0; ; part++) {
        const text = await documents.skeletonPart(id, part);
        if (text === null) break;
        parts.push(text);
        await nextLoopTurn();
      }
      return parts.length === 0 ? null : parts.join('');
    },
    /** Deletes the document with its skeleton and segments; false when there is no such one. */
    remove: documents.remove,
  };
}

export type DocumentRecords = Awaited<ReturnType<typeof createDocumentRecords>>;
