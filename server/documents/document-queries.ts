import type { DocumentFormat, DocumentWithSegments } from '../../shared/api/documents';
import type { Dialect, Queryable } from '../db/storage';
import { DOCUMENT_WIRE_COLUMNS, documentRowToWire } from './queries';

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

/**
 * Reads of documents (and of the projects they go into), scoped to the organization; a document
 * still importing is not there yet (document-import.ts). `db` is the storage's handle or an open
 * transaction; `dialect` decides whether `ref` can lock.
 */
/** Whether the organization has this document, shown (not still importing). */
export async function documentIsShown(
  db: Queryable,
  orgId: number,
  documentId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('documents')
    .select('id')
    .where('id', '=', documentId)
    .where('org_id', '=', orgId)
    .where('import_in_progress', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}

export function documentQueries(db: Queryable, dialect: Dialect) {
  /** The organization's documents that are whole, joined with their project. */
  const shown = (orgId: number, id: number) =>
    db
      .selectFrom('documents as d')
      .innerJoin('projects as p', 'p.id', 'd.project_id')
      .where('d.id', '=', id)
      .where('d.org_id', '=', orgId)
      .where('d.import_in_progress', '=', 0);

  return {
    async project(orgId: number, id: number): Promise<ProjectRef | null> {
      const row = await db
        .selectFrom('projects')
        .select(['id', 'memory_id', 'srclang', 'trglang'])
        .where('id', '=', id)
        .where('org_id', '=', orgId)
        .executeTakeFirst();
      return row ?? null;
    },

    /** The document without its segments (those are read in pages). */
    async header(orgId: number, id: number): Promise<DocumentHeader | null> {
      const row = await shown(orgId, id)
        .select(DOCUMENT_WIRE_COLUMNS)
        .select([
          'd.format',
          'p.memory_id',
          'd.pretranslated',
          'd.to_pretranslate',
          'd.pretranslation_error',
        ])
        .executeTakeFirst();
      if (!row) return null;
      const { customer_reviewer_email: _unused, ...document } = documentRowToWire(row);
      return {
        ...document,
        format: row.format as DocumentFormat,
        memory_id: row.memory_id,
        pretranslated: row.pretranslated,
        to_pretranslate: row.to_pretranslate,
        pretranslation_error: row.pretranslation_error,
      };
    },

    /** The document's reference; `forUpdate` locks its row on PostgreSQL (in a transaction). */
    async ref(orgId: number, id: number, forUpdate = false): Promise<DocumentRef | null> {
      let query = shown(orgId, id).select([
        'd.id',
        'd.name',
        'd.format',
        'd.srclang',
        'd.trglang',
        'p.memory_id',
        'd.is_pretranslating',
      ]);
      if (forUpdate && dialect === 'postgres') query = query.forUpdate('d');
      const row = await query.executeTakeFirst();
      return row ? { ...row, format: row.format as DocumentFormat } : null;
    },

    /** One stored part of the skeleton (JSON text), or null past the last. */
    async skeletonPart(documentId: number, part: number): Promise<string | null> {
      const row = await db
        .selectFrom('document_skeleton_parts')
        .select('text')
        .where('document_id', '=', documentId)
        .where('part', '=', part)
        .executeTakeFirst();
      return row?.text ?? null;
    },

    /** Deletes the document with its skeleton and segments; false when there is no such one. */
    async remove(orgId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('documents')
        .where('id', '=', id)
        .where('org_id', '=', orgId)
        .where('import_in_progress', '=', 0)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type DocumentQueries = ReturnType<typeof documentQueries>;
