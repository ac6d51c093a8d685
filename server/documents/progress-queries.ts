import type { Expression, SqlBool } from 'kysely';
import type { Queryable } from '../db/storage';

/** Our extension on documents and projects: confirmed work out of all of it. */
export interface Progress {
  segments_total: number;
  segments_confirmed: number;
  /** Words and numbers of the sources, as `word_count` counts them (server/documents/word-count.ts). */
  words_total: number;
  words_confirmed: number;
}

export const NO_PROGRESS: Progress = Object.freeze({
  segments_total: 0,
  segments_confirmed: 0,
  words_total: 0,
  words_confirmed: 0,
});

/** Counters as either backend answers them (numbers; text would be read as numbers too). */
export interface ProgressRow {
  segments_total: number | string;
  segments_confirmed: number | string;
  words_total: number | string;
  words_confirmed: number | string;
}

export function progressOf(row: ProgressRow | undefined): Progress {
  if (!row) return { ...NO_PROGRESS };
  return {
    segments_total: Number(row.segments_total),
    segments_confirmed: Number(row.segments_confirmed),
    words_total: Number(row.words_total),
    words_confirmed: Number(row.words_confirmed),
  };
}

/** The sum of several progresses (a project's, from its documents'). */
export function addProgress(parts: readonly Progress[]): Progress {
  const total = { ...NO_PROGRESS };
  for (const part of parts) {
    total.segments_total += part.segments_total;
    total.segments_confirmed += part.segments_confirmed;
    total.words_total += part.words_total;
    total.words_confirmed += part.words_confirmed;
  }
  return total;
}

/**
 * Progress of shown documents (not still importing), read from their stored counters
 * (progress-counter-queries.ts): columns of each document row, whatever its number of segments.
 */
export function progressQueries(db: Queryable) {
  const counters = () =>
    db
      .selectFrom('documents as d')
      .where('d.import_in_progress', '=', 0)
      .select([
        'd.id as document_id',
        'd.segments_total',
        'd.segments_confirmed',
        'd.words_total',
        'd.words_confirmed',
      ]);

  const byDocument = (rows: (ProgressRow & { document_id: number })[]) =>
    new Map(rows.map((row) => [row.document_id, progressOf(row)]));

  return {
    async ofDocument(documentId: number): Promise<Progress> {
      return progressOf(await counters().where('d.id', '=', documentId).executeTakeFirst());
    },

    /** The progress of each document of one project, by document id. */
    async ofProject(projectId: number): Promise<Map<number, Progress>> {
      return byDocument(await counters().where('d.project_id', '=', projectId).execute());
    },

    /**
     * The progress of the documents of the projects `where` selects (a condition on
     * `projects as p`) with ids in `(afterId, lastId]`: a page of the project list.
     */
    async ofProjects(
      where: Expression<SqlBool>,
      afterId: number,
      lastId: number,
    ): Promise<Map<number, Progress>> {
      const rows = await counters()
        .innerJoin('projects as p', 'p.id', 'd.project_id')
        .where(where)
        .where('p.id', '>', afterId)
        .where('p.id', '<=', lastId)
        .execute();
      return byDocument(rows);
    },
  };
}
