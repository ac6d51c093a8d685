import type { DocumentWithoutSegments } from '../../shared/api/projects';
import type { Storage } from '../db/storage';
import { nowSeconds } from '../db/time';
import { NO_PROGRESS, progressOf, type Progress } from './progress-queries';

/**
 * The columns of a document as the API answers it, for a Kysely select over `documents as d`:
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
  // The stored progress (progress-counter-queries.ts): a list needs no second read for it.
  'd.segments_total',
  'd.segments_confirmed',
  'd.words_total',
  'd.words_confirmed',
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
  segments_total: number;
  segments_confirmed: number;
  words_total: number;
  words_confirmed: number;
}

/**
 * The wire object of a Kysely row of `DOCUMENT_WIRE_COLUMNS`, with `progress` or the row's own
 * (none while it is still importing, as progress-queries.ts answers).
 */
export function documentRowToWire(
  row: DocumentWireRow,
  progress: Progress = row.import_in_progress !== 0 ? NO_PROGRESS : progressOf(row),
): DocumentWithoutSegments {
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
    ...progress,
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
 * Adds bare documents to a project (null when the organization has no such project), for tests
 * that give projects their document lists. Real documents come through the import.
 */
export function createDocumentStore(storage: Storage) {
  return {
    add: (orgId: number, projectId: number, input: NewDocument): Promise<number | null> =>
      storage.transaction(async (tx) => {
        const project = await tx
          .selectFrom('projects')
          .select(['srclang', 'trglang'])
          .where('id', '=', projectId)
          .where('org_id', '=', orgId)
          .executeTakeFirst();
        if (!project) return null;
        const createdAt = input.createdAt ?? nowSeconds();
        const row = await tx
          .insertInto('documents')
          .values({
            org_id: orgId,
            project_id: projectId,
            name: input.name,
            srclang: input.srclang ?? project.srclang,
            trglang: input.trglang ?? project.trglang,
            import_succeeded: input.importSucceeded === false ? 0 : 1,
            is_review_complete: input.isReviewComplete ? 1 : 0,
            created_at: createdAt,
            updated_at: createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      }),
  };
}

export type DocumentStore = ReturnType<typeof createDocumentStore>;
