import type { Migration } from './migration';

export const v3: Migration = {
  // Files with their labels, the content-addressed blobs they point at (server/blobs/), the
  // durable work queue (server/work/), cloud-style uploads with their parts, and server secrets.
  // A record that uses a blob references it: SQLite refuses to forget a blob still in use.
  // work_items times are epoch milliseconds (retry backoff needs them); the rest are seconds.
  version: 3,
  up: `
    CREATE TABLE blobs (
      sha256 TEXT PRIMARY KEY,
      size INTEGER NOT NULL,
      created_at INTEGER NOT NULL
    ) WITHOUT ROWID;

    CREATE TABLE files (
      id INTEGER PRIMARY KEY,
      org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
      project_id INTEGER REFERENCES projects(id) ON DELETE SET NULL,
      name TEXT NOT NULL,
      file_hash TEXT NOT NULL,
      blob_sha256 TEXT NOT NULL REFERENCES blobs(sha256),
      size INTEGER NOT NULL,
      category TEXT NOT NULL DEFAULT 'API' CHECK (category IN ('REFERENCE', 'API')),
      detected_lang TEXT NOT NULL DEFAULT 'zxx',
      detected_lang_confidence REAL NOT NULL DEFAULT 0,
      -- 1 from upload with langId until detection records its outcome.
      is_detecting INTEGER NOT NULL DEFAULT 0 CHECK (is_detecting IN (0, 1)),
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE INDEX files_org ON files(org_id, id);
    CREATE INDEX files_blob ON files(blob_sha256);
    CREATE INDEX files_project ON files(project_id);

    CREATE TABLE file_labels (
      id INTEGER PRIMARY KEY,
      file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      UNIQUE (file_id, name)
    );
    CREATE INDEX file_labels_name ON file_labels(name, file_id);

    CREATE TABLE work_items (
      id INTEGER PRIMARY KEY,
      kind TEXT NOT NULL,
      payload TEXT NOT NULL CHECK (json_valid(payload)),
      state TEXT NOT NULL DEFAULT 'queued'
        CHECK (state IN ('queued', 'running', 'done', 'failed')),
      attempts INTEGER NOT NULL DEFAULT 0,
      max_attempts INTEGER NOT NULL CHECK (max_attempts >= 1),
      run_after INTEGER NOT NULL,
      last_error TEXT,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      started_at INTEGER,
      finished_at INTEGER
    );
    CREATE INDEX work_items_due ON work_items(state, run_after);

    CREATE TABLE server_secrets (
      name TEXT PRIMARY KEY,
      value TEXT NOT NULL,
      created_at INTEGER NOT NULL
    ) WITHOUT ROWID;

    CREATE TABLE uploads (
      id INTEGER PRIMARY KEY,
      org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
      s3_key TEXT NOT NULL UNIQUE,
      kind TEXT NOT NULL CHECK (kind IN ('single', 'multipart')),
      filename TEXT NOT NULL,
      content_type TEXT NOT NULL,
      metadata TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(metadata)),
      status TEXT NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'processing', 'completed', 'aborted')),
      file_id INTEGER REFERENCES files(id) ON DELETE SET NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE INDEX uploads_org ON uploads(org_id, id);

    -- A part's bytes live in a file of the parts folder until the upload completes or aborts.
    CREATE TABLE upload_parts (
      upload_id INTEGER NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
      part_number INTEGER NOT NULL CHECK (part_number BETWEEN 1 AND 10000),
      etag TEXT NOT NULL,
      size INTEGER NOT NULL,
      file TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (upload_id, part_number)
    ) WITHOUT ROWID;
  `,
};
