import type { Migration } from './migration';

export const v14: Migration = {
  version: 14,
  // Each document's progress, kept by every write that changes its segments in the same
  // transaction (server/documents/progress-queries.ts, README.md there), so that the project list
  // reads five numbers a document instead of summing its segments. Filled here from the segments.
  up: `
    ALTER TABLE documents ADD COLUMN segments_total INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE documents ADD COLUMN segments_confirmed INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE documents ADD COLUMN segments_reviewed INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE documents ADD COLUMN words_total INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE documents ADD COLUMN words_confirmed INTEGER NOT NULL DEFAULT 0;
    UPDATE documents SET
      segments_total = c.segments_total,
      segments_confirmed = c.segments_confirmed,
      segments_reviewed = c.segments_reviewed,
      words_total = c.words_total,
      words_confirmed = c.words_confirmed
    FROM (
      SELECT document_id,
        count(*) AS segments_total,
        sum(CASE WHEN is_confirmed <> 0 THEN 1 ELSE 0 END) AS segments_confirmed,
        sum(CASE WHEN is_reviewed <> 0 THEN 1 ELSE 0 END) AS segments_reviewed,
        sum(word_count) AS words_total,
        sum(CASE WHEN is_confirmed <> 0 THEN word_count ELSE 0 END) AS words_confirmed
      FROM segments WHERE document_id IS NOT NULL GROUP BY document_id
    ) AS c
    WHERE c.document_id = documents.id;
  `,
};
