import { randomUUID } from 'node:crypto';
import type {
  DocumentFormat,
  DocumentWithSegments,
  Pretranslate,
} from '../../shared/api/documents';
import type { Database } from '../store/db';
import { DOCUMENT_COLUMNS, documentToWire, type DocumentTuple } from '../store/documents';
import { createSegmentStore, type NewSegment } from '../store/segments';
import { nowSeconds } from '../store/time';
import type { ExtractedDocument } from '../formats/documents';
import type { WorkQueue } from '../work/queue';
import { wordCount } from './word-count';

/** The work kind of pretranslation; its payload is `{documentId}`. */
export const PRETRANSLATE_DOCUMENT = 'document-pretranslate';

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

export interface NewDocumentImport {
  orgId: number;
  project: ProjectRef;
  name: string;
  document: ExtractedDocument & { format: DocumentFormat };
  pretranslate: Pretranslate | null;
  autoAccept: boolean;
}

type ExtensionTuple = [
  format: DocumentFormat,
  memoryId: number,
  pretranslated: number,
  toPretranslate: number,
  pretranslationError: string | null,
];

/**
 * Documents with their skeletons and segments. A new document is written in one transaction
 * (row, skeleton, every segment, and its pretranslation work item), so an import either exists
 * whole or not at all.
 */
export function createDocumentRecords(db: Database, work: WorkQueue) {
  const segments = createSegmentStore(db);
  const projectOf = db.prepare<[number, number], ProjectRef>(
    'SELECT id, memory_id, srclang, trglang FROM projects WHERE id = ? AND org_id = ?',
  );
  const insert = db.prepare(
    `INSERT INTO documents (org_id, project_id, name, srclang, trglang, import_succeeded, format,
       pretranslate_mode, auto_accept, is_pretranslating, pretranslation, to_pretranslate,
       pretranslate_token, created_at, updated_at)
     VALUES (@orgId, @projectId, @name, @srclang, @trglang, 1, @format, @mode, @autoAccept,
       @isPretranslating, @pretranslation, @toPretranslate, @token, @now, @now)`,
  );
  const insertSkeleton = db.prepare<[number, string]>(
    'INSERT INTO document_skeletons (document_id, skeleton) VALUES (?, ?)',
  );
  const selectOne = db
    .prepare<[number, number], [...DocumentTuple, ...ExtensionTuple]>(
      `SELECT ${DOCUMENT_COLUMNS}, d.format, p.memory_id, d.pretranslated, d.to_pretranslate,
         d.pretranslation_error
       FROM documents d JOIN projects p ON p.id = d.project_id WHERE d.id = ? AND d.org_id = ?`,
    )
    .raw(true);
  const selectRef = db.prepare<[number, number], DocumentRef>(
    `SELECT d.id, d.name, d.format, d.srclang, d.trglang, p.memory_id, d.is_pretranslating
       FROM documents d JOIN projects p ON p.id = d.project_id WHERE d.id = ? AND d.org_id = ?`,
  );
  const selectSkeleton = db.prepare<[number], { skeleton: string }>(
    'SELECT skeleton FROM document_skeletons WHERE document_id = ?',
  );
  const remove = db.prepare<[number, number]>('DELETE FROM documents WHERE id = ? AND org_id = ?');

  function get(orgId: number, id: number): DocumentWithSegments | null {
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
      segments: segments.listByDocument(id),
    };
  }

  const create = db.transaction((input: NewDocumentImport): number => {
    const { orgId, project, document } = input;
    const now = nowSeconds();
    const untranslated = document.segments.filter((s) => !s.target).length;
    const pretranslating = input.pretranslate !== null && untranslated > 0;
    const token = pretranslating ? randomUUID() : null;
    const id = Number(
      insert.run({
        orgId,
        projectId: project.id,
        name: input.name,
        srclang: project.srclang,
        trglang: project.trglang,
        format: document.format,
        mode: input.pretranslate,
        autoAccept: input.autoAccept ? 1 : 0,
        isPretranslating: pretranslating ? 1 : 0,
        pretranslation: pretranslating ? 'pending' : 'idle',
        token,
        toPretranslate: pretranslating ? untranslated : 0,
        now,
      }).lastInsertRowid,
    );
    insertSkeleton.run(id, JSON.stringify(document.skeleton));
    // One object, refilled per segment: a 10,000-segment file allocates no more than it must.
    const row: NewSegment = {
      orgId,
      documentId: id,
      memoryId: project.memory_id,
      index: 0,
      source: '',
      target: '',
      isConfirmed: false,
      matchScore: null,
      targetOrigin: null,
      note: null,
      contextKey: null,
      memoryUnitId: null,
      wordCount: 0,
      now,
    };
    for (const segment of document.segments) {
      const target = segment.target ?? '';
      row.index = segment.index;
      row.source = segment.source;
      row.target = target;
      // A final translation in the file counts as confirmed; a fuzzy one is a draft.
      row.isConfirmed = target !== '' && segment.isFuzzy !== true;
      row.targetOrigin = target === '' ? null : 'file';
      row.note = segment.note;
      row.contextKey = segment.contextKey;
      row.wordCount = wordCount(segment.source);
      segments.insert(row);
    }
    if (pretranslating) work.enqueue(PRETRANSLATE_DOCUMENT, { documentId: id, token });
    return id;
  }).immediate;

  return {
    segments,
    get,
    create,
    project: (orgId: number, id: number): ProjectRef | null => projectOf.get(id, orgId) ?? null,
    ref: (orgId: number, id: number): DocumentRef | null => selectRef.get(id, orgId) ?? null,
    skeleton(id: number): unknown {
      const row = selectSkeleton.get(id);
      return row ? (JSON.parse(row.skeleton) as unknown) : null;
    },
    /** Deletes the document with its skeleton and segments; false when there is no such one. */
    remove: (orgId: number, id: number): boolean => remove.run(id, orgId).changes > 0,
  };
}

export type DocumentRecords = ReturnType<typeof createDocumentRecords>;
