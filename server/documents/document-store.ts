import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import type { DocumentFormat, DocumentWithSegments } from '../../shared/api/documents';
import type { Database } from '../db/db';
import { DOCUMENT_COLUMNS, documentToWire, type DocumentTuple } from './queries';
import { createSegmentStore } from './segment-queries';
import type { WorkQueue } from '../work/queue';
import { createDocumentImporter } from './document-import';

/** A project as a new document needs it. */
export interface ProjectRef {
  id: number;
  memory_id: number;
  srclang: string;
  trglang: string;
}

/** What the routes need of a stored document (downloads, appending segments). */
export interface DocumentRef {
  id: number;
  name: string;
  format: DocumentFormat;
  srclang: string;
  trglang: string;
  memory_id: number;
  is_pretranslating: number;
}

/** A document as the API answers it, without its segments. */
export type DocumentHeader = Omit<DocumentWithSegments, 'segments'>;

type ExtensionTuple = [
  format: DocumentFormat,
  memoryId: number,
  pretranslated: number,
  toPretranslate: number,
  pretranslationError: string | null,
];

/**
 * Documents with their skeletons and segments. A new document is written by the importer
 * (document-import.ts), hidden until it is whole: every read here skips documents still importing.
 */
export function createDocumentRecords(db: Database, work: WorkQueue) {
  const segments = createSegmentStore(db);
  const importer = createDocumentImporter(db, work);
  importer.discardUnfinished();
  const projectOf = db.prepare<[number, number], ProjectRef>(
    'SELECT id, memory_id, srclang, trglang FROM projects WHERE id = ? AND org_id = ?',
  );
  const selectOne = db
    .prepare<[number, number], [...DocumentTuple, ...ExtensionTuple]>(
      `SELECT ${DOCUMENT_COLUMNS}, d.format, p.memory_id, d.pretranslated, d.to_pretranslate,
         d.pretranslation_error
       FROM documents d JOIN projects p ON p.id = d.project_id
       WHERE d.id = ? AND d.org_id = ? AND d.import_in_progress = 0`,
    )
    .raw(true);
  const selectRef = db.prepare<[number, number], DocumentRef>(
    `SELECT d.id, d.name, d.format, d.srclang, d.trglang, p.memory_id, d.is_pretranslating
       FROM documents d JOIN projects p ON p.id = d.project_id
       WHERE d.id = ? AND d.org_id = ? AND d.import_in_progress = 0`,
  );
  const selectSkeletonPart = db.prepare<[number, number], { text: string }>(
    'SELECT text FROM document_skeleton_parts WHERE document_id = ? AND part = ?',
  );
  const remove = db.prepare<[number, number]>(
    'DELETE FROM documents WHERE id = ? AND org_id = ? AND import_in_progress = 0',
  );

  /** The document without its segments (those are read in pages: `segments.page`). */
  function header(orgId: number, id: number): DocumentHeader | null {
    const row = selectOne.get(id, orgId);
    if (!row) return null;
    const { customer_reviewer_email: _unused, ...document } = documentToWire(
      row.slice(0, 19) as DocumentTuple,
    );
    const [format, memoryId, pretranslated, toPretranslate, error] = row.slice(
      19,
    ) as ExtensionTuple;
    return {
      ...document,
      format,
      memory_id: memoryId,
      pretranslated,
      to_pretranslate: toPretranslate,
      pretranslation_error: error,
    };
  }

  /** The document with every segment, read at once: for tests and small documents. */
  function get(orgId: number, id: number): DocumentWithSegments | null {
    const document = header(orgId, id);
    return document ? { ...document, segments: segments.listByDocument(id) } : null;
  }

  return {
    segments,
    header,
    get,
    importDocument: importer.importDocument,
    project: (orgId: number, id: number): ProjectRef | null => projectOf.get(id, orgId) ?? null,
    ref: (orgId: number, id: number): DocumentRef | null => selectRef.get(id, orgId) ?? null,
    /** The stored skeleton (JSON text), read a part per turn of the loop; null without one. */
    async skeletonJson(id: number): Promise<string | null> {
      const parts: string[] = [];
      for (let part = 0; ; part++) {
        const row = selectSkeletonPart.get(id, part);
        if (!row) break;
        parts.push(row.text);
        await nextLoopTurn();
      }
      return parts.length === 0 ? null : parts.join('');
    },
    /** Deletes the document with its skeleton and segments; false when there is no such one. */
    remove: (orgId: number, id: number): boolean => remove.run(id, orgId).changes > 0,
  };
}

export type DocumentRecords = ReturnType<typeof createDocumentRecords>;
