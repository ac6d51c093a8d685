import type { PgMigration } from './migration';

/** Version 8 = SQLite 14: each document's progress (../migrations/014-document-progress.ts). */
export const v8: PgMigration = {
  version: 8,
  sqliteTwin: 14,
  up: `
    ALTER TABLE documents
      ADD COLUMN segments_total bigint NOT NULL DEFAULT 0,
      ADD COLUMN segments_confirmed bigint NOT NULL DEFAULT 0,
      ADD COLUMN segments_reviewed bigint NOT NULL DEFAULT 0,
      ADD COLUMN words_total bigint NOT NULL DEFAULT 0,
      ADD COLUMN words_confirmed bigint NOT NULL DEFAULT 0;
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
