import type { Migration } from './migration';

export const v5: Migration = {
  version: 5,
  // Documents get their format, skeleton and pretranslation progress; segments are the units
  // of work of a document (or, without a document, of a memory: POST /v2/segments).
  up: `
    ALTER TABLE documents ADD COLUMN format TEXT NOT NULL DEFAULT 'text'
      CHECK (format IN ('text', 'xliff12', 'xliff20', 'po', 'json'));
    ALTER TABLE documents ADD COLUMN pretranslate_mode TEXT
      CHECK (pretranslate_mode IS NULL OR pretranslate_mode IN ('TM', 'TM+MT'));
    ALTER TABLE documents ADD COLUMN auto_accept INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE documents ADD COLUMN pretranslated INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE documents ADD COLUMN to_pretranslate INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE documents ADD COLUMN pretranslation_error TEXT;
    -- The idx of the last segment pretranslation has dealt with: a restart resumes after it.
    ALTER TABLE documents ADD COLUMN pretranslate_cursor INTEGER NOT NULL DEFAULT -1;

    -- Kept apart so that listing documents never reads the (possibly large) skeletons.
    CREATE TABLE document_skeletons (
      document_id INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
      skeleton TEXT NOT NULL CHECK (json_valid(skeleton))
    );

    CREATE TABLE segments (
      id INTEGER PRIMARY KEY,
      org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      document_id INTEGER REFERENCES documents(id) ON DELETE CASCADE,
      memory_id INTEGER NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
      idx INTEGER NOT NULL DEFAULT 0,
      source TEXT NOT NULL,
      target TEXT NOT NULL DEFAULT '',
      is_confirmed INTEGER NOT NULL DEFAULT 0,
      is_reviewed INTEGER NOT NULL DEFAULT 0,
      match_score INTEGER CHECK (match_score IS NULL OR match_score BETWEEN 0 AND 101),
      target_origin TEXT
        CHECK (target_origin IS NULL OR target_origin IN ('file', 'tm', 'mt', 'user')),
      note TEXT,
      context_key TEXT,
      memory_unit_id INTEGER REFERENCES memory_units(id) ON DELETE SET NULL,
      word_count INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE INDEX segments_document ON segments(document_id, idx);
    CREATE INDEX segments_memory ON segments(memory_id);
    -- Deleting memory units (a memory with a million of them) looks segments up by unit.
    CREATE INDEX segments_unit ON segments(memory_unit_id);
  `,
};
