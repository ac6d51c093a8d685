import type { Migration } from './migration';

export const v4: Migration = {
  // Translation memory units and termbase terms (server/memories/). `source_hash` is the
  // cyrb53 hash of the stored source (server/memories/source-hash.ts): exact lookups and
  // duplicate checks go through it, then compare the text itself. Counters on `memories` are
  // kept by the store functions in the same transaction as the rows they count.
  // `memory_tasks` are imports and termbase exports: queued/running ones make the memory
  // `is_processing`; an import's uploaded file is referenced until the task ends.
  version: 4,
  up: `
    CREATE TABLE memory_units (
      id INTEGER PRIMARY KEY,
      memory_id INTEGER NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
      source TEXT NOT NULL,
      target TEXT NOT NULL,
      source_hash INTEGER NOT NULL,
      prev_source TEXT,
      next_source TEXT,
      context_key TEXT,
      origin TEXT NOT NULL,
      metadata TEXT CHECK (metadata IS NULL OR json_valid(metadata)),
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      created_by INTEGER REFERENCES users(id) ON DELETE SET NULL
    );
    CREATE INDEX memory_units_memory ON memory_units(memory_id, id);
    CREATE INDEX memory_units_source ON memory_units(memory_id, source_hash);

    CREATE TABLE memory_terms (
      id INTEGER PRIMARY KEY,
      memory_id INTEGER NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
      source TEXT NOT NULL,
      target TEXT NOT NULL,
      extra TEXT CHECK (extra IS NULL OR json_valid(extra)),
      origin TEXT NOT NULL,
      created_at INTEGER NOT NULL
    );
    CREATE INDEX memory_terms_memory ON memory_terms(memory_id, id);
    CREATE INDEX memory_terms_source ON memory_terms(memory_id, source);

    CREATE TABLE memory_tasks (
      id INTEGER PRIMARY KEY,
      memory_id INTEGER NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('import', 'termbase-export')),
      state TEXT NOT NULL DEFAULT 'queued'
        CHECK (state IN ('queued', 'running', 'done', 'failed')),
      name TEXT,
      options TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
      blob_sha256 TEXT REFERENCES blobs(sha256),
      user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
      error TEXT,
      added INTEGER,
      skipped INTEGER,
      created_at INTEGER NOT NULL,
      finished_at INTEGER
    );
    CREATE INDEX memory_tasks_memory ON memory_tasks(memory_id, state);
    CREATE INDEX memory_tasks_blob ON memory_tasks(blob_sha256);

    ALTER TABLE memories ADD COLUMN num_segments INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE memories ADD COLUMN num_terms INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE memories ADD COLUMN last_import_error TEXT;
    ALTER TABLE memories ADD COLUMN termbase_sha256 TEXT REFERENCES blobs(sha256);
    CREATE INDEX memories_termbase ON memories(termbase_sha256);
  `,
};
