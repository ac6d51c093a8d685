import type { DocumentWithoutSegments } from '../../shared/api/projects';
import type { Database } from '../db/db';
import { nowSeconds } from '../db/time';

/**
 * A `documents` row in `DOCUMENT_COLUMNS` order. List statements run in raw mode (arrays, not
 * objects): for 20,000 documents that halves the time better-sqlite3 spends building rows.
 */
export type DocumentTuple = [
  id: number,
  projectId: number,
  srclang: string,
  trglang: string,
  name: string,
  importInProgress: number,
  importSucceeded: number,
  importErrorMessage: string | null,
  exportInProgress: number,
  exportSucceeded: number,
  exportErrorMessage: string | null,
  isPretranslating: number,
  pretranslation: DocumentWithoutSegments['status']['pretranslation'],
  translatorEmail: string | null,
  reviewerEmail: string | null,
  customerReviewerEmail: string | null,
  createdAt: number,
  updatedAt: number,
  isReviewComplete: number,
];

/** The columns of `DocumentTuple`, qualified with the alias `d`, for queries that join projects. */
export const DOCUMENT_COLUMNS = `d.id, d.project_id, d.srclang, d.trglang, d.name,
  d.import_in_progress, d.import_succeeded, d.import_error_message, d.export_in_progress,
  d.export_succeeded, d.export_error_message, d.is_pretranslating, d.pretranslation,
  d.translator_email, d.reviewer_email, d.customer_reviewer_email, d.created_at, d.updated_at,
  d.is_review_complete`;

export function documentToWire(row: DocumentTuple): DocumentWithoutSegments {
  return {
    id: row[0],
    project_id: row[1],
    srclang: row[2],
    trglang: row[3],
    name: row[4],
    import_in_progress: row[5] !== 0,
    import_succeeded: row[6] !== 0,
    import_error_message: row[7],
    export_in_progress: row[8] !== 0,
    export_succeeded: row[9] !== 0,
    export_error_message: row[10],
    is_pretranslating: row[11] !== 0,
    status: { pretranslation: row[12] },
    translator_email: row[13],
    reviewer_email: row[14],
    customer_reviewer_email: row[15],
    created_at: row[16],
    updated_at: row[17],
    is_review_complete: row[18] !== 0,
  };
}

/**
 * The columns of `DocumentTuple` for a Kysely select over `documents as d` (in the same order):
 * `db.selectFrom('documents as d').select(DOCUMENT_WIRE_COLUMNS)`, then `documentRowToWire`.
 */
export const DOCUMENT_WIRE_COLUMNS = [
  'd.id',
  'd.project_id',
  'd.srclang',
  'd.trglang',
  'd.name',
  'd.import_in_progress',
  'd.import_succeeded',
  'd.import_error_message',
  'd.export_in_progress',
  'd.export_succeeded',
  'd.export_error_message',
  'd.is_pretranslating',
  'd.pretranslation',
  'd.translator_email',
  'd.reviewer_email',
  'd.customer_reviewer_email',
  'd.created_at',
  'd.updated_at',
  'd.is_review_complete',
] as const;

/** A row of `DOCUMENT_WIRE_COLUMNS`, as both backends answer it (flags are 0/1 integers). */
export interface DocumentWireRow {
  id: number;
  project_id: number;
  srclang: string;
  trglang: string;
  name: string;
  import_in_progress: number;
  import_succeeded: number;
  import_error_message: string | null;
  export_in_progress: number;
  export_succeeded: number;
  export_error_message: string | null;
  is_pretranslating: number;
  pretranslation: string;
  translator_email: string | null;
  reviewer_email: string | null;
  customer_reviewer_email: string | null;
  created_at: number;
  updated_at: number;
  is_review_complete: number;
}

/** The same wire object as `documentToWire`, from a Kysely row of `DOCUMENT_WIRE_COLUMNS`. */
export function documentRowToWire(row: DocumentWireRow): DocumentWithoutSegments {
  return {
    id: row.id,
    project_id: row.project_id,
    srclang: row.srclang,
    trglang: row.trglang,
    name: row.name,
    import_in_progress: row.import_in_progress !== 0,
    import_succeeded: row.import_succeeded !== 0,
    import_error_message: row.import_error_message,
    export_in_progress: row.export_in_progress !== 0,
    export_succeeded: row.export_succeeded !== 0,
    export_error_message: row.export_error_message,
    is_pretranslating: row.is_pretranslating !== 0,
    status: {
      pretranslation: row.pretranslation as DocumentWithoutSegments['status']['pretranslation'],
    },
    translator_email: row.translator_email,
    reviewer_email: row.reviewer_email,
    customer_reviewer_email: row.customer_reviewer_email,
    created_at: row.created_at,
    updated_at: row.updated_at,
    is_review_complete: row.is_review_complete !== 0,
  };
}

/** What a new document needs; the import (issue 6) fills in the rest as it runs. */
export interface NewDocument {
  name: string;
  /** Defaults to the project's languages. */
  srclang?: string;
  trglang?: string;
  importSucceeded?: boolean;
  isReviewComplete?: boolean;
  createdAt?: number;
}

/**
 * Adds documents to a project (null when the organization has no such project). The import comes
 * with issue 6; for now this lets tests give projects their document lists. Projects list them.
 */
export function createDocumentStore(db: Database) {
  const project = db.prepare<[number, number], { srclang: string; trglang: string }>(
    'SELECT srclang, trglang FROM projects WHERE id = ? AND org_id = ?',
  );
  const insert = db.prepare(
    `INSERT INTO documents (org_id, project_id, name, srclang, trglang, import_succeeded,
       is_review_complete, created_at, updated_at)
     VALUES (@orgId, @projectId, @name, @srclang, @trglang, @importSucceeded, @isReviewComplete,
       @createdAt, @createdAt)`,
  );

  return {
    add: db.transaction((orgId: number, projectId: number, input: NewDocument): number | null => {
      const languages = project.get(projectId, orgId);
      if (!languages) return null;
      const result = insert.run({
        orgId,
        projectId,
        name: input.name,
        srclang: input.srclang ?? languages.srclang,
        trglang: input.trglang ?? languages.trglang,
        importSucceeded: input.importSucceeded === false ? 0 : 1,
        isReviewComplete: input.isReviewComplete ? 1 : 0,
        createdAt: input.createdAt ?? nowSeconds(),
      });
      return Number(result.lastInsertRowid);
    }).immediate,
  };
}

export type DocumentStore = ReturnType<typeof createDocumentStore>;
