import type { Migration } from './migration';

export const v9: Migration = {
  version: 9,
  // A document's skeleton in parts of at most 1 MiB characters, written a part at a time and
  // never checked with json_valid, so storing a 32 MiB file never holds the server's loop
  // (server/documents/document-import.ts). Existing skeletons become one part each.
  up: `
    CREATE TABLE document_skeleton_parts (
      document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      part INTEGER NOT NULL CHECK (part >= 0),
      text TEXT NOT NULL,
      PRIMARY KEY (document_id, part)
    ) WITHOUT ROWID;
    INSERT INTO document_skeleton_parts (document_id, part, text)
      SELECT document_id, 0, skeleton FROM document_skeletons;
    DROP TABLE document_skeletons;
  `,
};
