import type { DocumentFormat, Pretranslate } from '../../shared/api/documents';
import type { Queryable } from '../db/storage';

/** The hidden row a new import starts with. */
export interface HiddenDocument {
  orgId: number;
  projectId: number;
  name: string;
  format: DocumentFormat;
  pretranslate: Pretranslate | null;
  autoAccept: boolean;
  /** Options a job's language pair gives its documents' pretranslation (pretranslate-job.ts). */
  caseSensitive?: boolean;
  matchAttribution?: boolean;
  /** The lowest TM score that fills a segment; null or absent, the default. */
  pretranslateThreshold?: number | null;
  now: number;
  /**
   * Lock the project row until the transaction ends (PostgreSQL only: SQLite refuses the clause
   * and its transaction already holds the write lock), so that a delete of the project waits
   * and takes the document with it instead of failing the insert.
   */
  lockProject?: boolean;
}

/** What the last transaction of an import sets as it shows the document. */
export interface ShownDocument {
  isPretranslating: boolean;
  toPretranslate: number;
  token: string | null;
  now: number;
}

/**
 * The writes of a document import (document-import.ts): the document is written hidden
 * (`import_in_progress = 1`) and shown at the end. `db` is an open transaction, or the storage's
 * handle for single statements.
 */
export function importQueries(db: Queryable) {
  return {
    /** The hidden document, in the languages of the organization's project; null without it. */
    async insertHidden(document: HiddenDocument): Promise<number | null> {
      const project = await db
        .selectFrom('projects')
        .select(['srclang', 'trglang'])
        .where('id', '=', document.projectId)
        .where('org_id', '=', document.orgId)
        .$if(document.lockProject === true, (query) => query.forKeyShare())
        .executeTakeFirst();
      if (!project) return null;
      const row = await db
        .insertInto('documents')
        .values({
          org_id: document.orgId,
          project_id: document.projectId,
          name: document.name,
          srclang: project.srclang,
          trglang: project.trglang,
          import_in_progress: 1,
          format: document.format,
          pretranslate_mode: document.pretranslate,
          auto_accept: document.autoAccept ? 1 : 0,
          case_sensitive: document.caseSensitive ? 1 : 0,
          match_attribution: document.matchAttribution ? 1 : 0,
          pretranslate_threshold: document.pretranslateThreshold ?? null,
          created_at: document.now,
          updated_at: document.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Marks the hidden document as still being written, and answers whether it is still there
     * (its project may have been deleted meanwhile). One UPDATE: on PostgreSQL it also locks the
     * row, so the document cannot go before the transaction's other writes commit.
     */
    async stillImporting(id: number, now: number): Promise<boolean> {
      const row = await db
        .updateTable('documents')
        .set({ updated_at: now })
        .where('id', '=', id)
        .where('import_in_progress', '=', 1)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertSkeletonPart(documentId: number, part: number, text: string): Promise<void> {
      await db
        .insertInto('document_skeleton_parts')
        .values({ document_id: documentId, part, text })
        .execute();
    },

    /** Shows the document, idle or about to be pretranslated. */
    async show(id: number, shown: ShownDocument): Promise<void> {
      await db
        .updateTable('documents')
        .set({
          import_in_progress: 0,
          import_succeeded: 1,
          is_pretranslating: shown.isPretranslating ? 1 : 0,
          pretranslation: shown.isPretranslating ? 'pending' : 'idle',
          to_pretranslate: shown.toPretranslate,
          pretranslate_token: shown.token,
          updated_at: shown.now,
        })
        .where('id', '=', id)
        .execute();
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('documents').where('id', '=', id).execute();
    },

    /**
     * Deletes the hidden documents that imports left half-written, with their skeletons and
     * segments: those last written before `before` (epoch seconds), or all of them without it.
     */
    async removeUnfinished(before?: number): Promise<number> {
      let query = db.deleteFrom('documents').where('import_in_progress', '=', 1);
      if (before !== undefined) query = query.where('updated_at', '<', before);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
