import type { Migration } from './migration';

export const v13: Migration = {
  version: 13,
  // QA warnings a reviewer chose to ignore (the editor's QA report), one per segment and check.
  // The ignore holds the target it was made on: once the target changes, the warning is back.
  // Kept on the server so reviewers on other machines see the same. The check names are the
  // API's to validate (shared/api/qa.ts), so a new check needs no migration.
  up: `
    CREATE TABLE qa_ignores (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      segment_id INTEGER NOT NULL REFERENCES segments(id) ON DELETE CASCADE,
      check_kind TEXT NOT NULL,
      target TEXT NOT NULL,
      user_id INTEGER NOT NULL REFERENCES users(id),
      created_at INTEGER NOT NULL,
      UNIQUE (segment_id, check_kind)
    );
    CREATE INDEX qa_ignores_document ON qa_ignores(document_id, segment_id);
    CREATE INDEX qa_ignores_user ON qa_ignores(user_id);
  `,
};
