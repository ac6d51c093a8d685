import { rebuildWithAutoincrement } from './autoincrement';
import type { Database } from './db';

export interface Migration {
  version: number;
  /** SQL, or a function for a change that SQL alone cannot say (a table rebuild). */
  up: string | ((db: Database) => void);
  /**
   * Runs with foreign keys off (a table rebuild drops and renames parents); they are checked
   * before the commit and turned back on after.
   */
  foreignKeysOff?: boolean;
}

/**
 * The schema history. Append only: never edit a migration that has shipped, add a new one.
 * Timestamps are epoch seconds, like the API's `created_at` fields.
 */
export const migrations: Migration[] = [
  {
    version: 1,
    up: `
      CREATE TABLE organizations (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX users_org_id ON users(org_id);
      CREATE TABLE api_keys (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        key_hash TEXT NOT NULL UNIQUE,
        prefix TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        revoked_at INTEGER
      );
      CREATE INDEX api_keys_user_id ON api_keys(user_id);
      CREATE INDEX api_keys_prefix ON api_keys(prefix);
    `,
  },
  {
    // Memories, projects with their state history, and the documents listed inside projects.
    // A project copies its memory's languages at creation; the memory cannot go while projects use it.
    version: 2,
    up: `
      CREATE TABLE memories (
        id INTEGER PRIMARY KEY,
        org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        srclang TEXT NOT NULL,
        trglang TEXT NOT NULL,
        srclocale TEXT,
        trglocale TEXT,
        version INTEGER NOT NULL DEFAULT 1,
        is_processing INTEGER NOT NULL DEFAULT 0 CHECK (is_processing IN (0, 1)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX memories_org_id ON memories(org_id, id);

      CREATE TABLE projects (
        id INTEGER PRIMARY KEY,
        org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        memory_id INTEGER NOT NULL REFERENCES memories(id) ON DELETE RESTRICT,
        job_id INTEGER,
        name TEXT NOT NULL,
        state TEXT NOT NULL DEFAULT 'backlog'
          CHECK (state IN ('backlog', 'inProgress', 'inReview', 'inQA', 'done')),
        due_date INTEGER,
        archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
        metadata TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(metadata)),
        sample_review_percentage INTEGER,
        connector_id INTEGER,
        workflow_template_id INTEGER,
        srclang TEXT NOT NULL,
        trglang TEXT NOT NULL,
        srclocale TEXT,
        trglocale TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX projects_org_created ON projects(org_id, created_at);
      CREATE INDEX projects_org_state ON projects(org_id, state);
      CREATE INDEX projects_org_langs ON projects(org_id, srclang, trglang);
      CREATE INDEX projects_memory_id ON projects(memory_id);

      -- Who moved a project from which state to which, and when; from_state is NULL at creation.
      CREATE TABLE project_state_changes (
        id INTEGER PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        from_state TEXT
          CHECK (from_state IS NULL OR from_state IN ('backlog', 'inProgress', 'inReview', 'inQA', 'done')),
        to_state TEXT NOT NULL
          CHECK (to_state IN ('backlog', 'inProgress', 'inReview', 'inQA', 'done')),
        user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
        changed_at INTEGER NOT NULL
      );
      CREATE INDEX project_state_changes_project ON project_state_changes(project_id, id);

      CREATE TABLE documents (
        id INTEGER PRIMARY KEY,
        org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        srclang TEXT NOT NULL,
        trglang TEXT NOT NULL,
        import_in_progress INTEGER NOT NULL DEFAULT 0,
        import_succeeded INTEGER NOT NULL DEFAULT 0,
        import_error_message TEXT,
        export_in_progress INTEGER NOT NULL DEFAULT 0,
        export_succeeded INTEGER NOT NULL DEFAULT 0,
        export_error_message TEXT,
        is_pretranslating INTEGER NOT NULL DEFAULT 0,
        pretranslation TEXT NOT NULL DEFAULT 'idle'
          CHECK (pretranslation IN ('idle', 'pending', 'running')),
        translator_email TEXT,
        reviewer_email TEXT,
        customer_reviewer_email TEXT,
        is_review_complete INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX documents_project_id ON documents(project_id, id);
    `,
  },
  {
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
  },
  {
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
  },
  {
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
  },
  {
    version: 6,
    // Segment revisions and threaded comments (API.md 4.4). The trigger is the one place that
    // counts revisions: every writer of a target (PUT and POST /v2/segments, pretranslation, any
    // later one) bumps it without having to remember. Saving the same target and confirmation
    // again is not a new revision. A comment keeps the revision it was made on.
    // Comments keep their author: users are never deleted today, and NO ACTION (checked at the
    // end of the statement) still lets an organization go with its users and comments together.
    up: `
      ALTER TABLE segments ADD COLUMN revision INTEGER NOT NULL DEFAULT 1 CHECK (revision >= 1);
      CREATE TRIGGER segments_revision AFTER UPDATE OF target, is_confirmed ON segments
        WHEN old.target IS NOT new.target OR old.is_confirmed IS NOT new.is_confirmed
      BEGIN
        UPDATE segments SET revision = old.revision + 1 WHERE id = new.id;
      END;

      CREATE TABLE comments (
        id INTEGER PRIMARY KEY,
        org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        segment_id INTEGER NOT NULL REFERENCES segments(id) ON DELETE CASCADE,
        segment_revision_id INTEGER NOT NULL CHECK (segment_revision_id >= 1),
        user_id INTEGER NOT NULL REFERENCES users(id),
        text TEXT NOT NULL,
        annotations TEXT NOT NULL DEFAULT '[]'
          CHECK (json_valid(annotations) AND json_type(annotations) = 'array'),
        is_resolved INTEGER NOT NULL DEFAULT 0 CHECK (is_resolved IN (0, 1)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX comments_document ON comments(document_id, segment_id, id);
      -- A thread is read by segment, and deleting a document's segments looks comments up by it.
      CREATE INDEX comments_segment ON comments(segment_id, id);
      CREATE INDEX comments_user ON comments(user_id);
    `,
  },
  {
    version: 7,
    // Row ids are reused once the highest row is deleted: a pretranslation that outlives its
    // document must not write into a new document that got the same id. The token ties the work
    // item to the document it was made for.
    up: `
      ALTER TABLE documents ADD COLUMN pretranslate_token TEXT;
    `,
  },
  {
    version: 8,
    // Ids are never handed out twice: every table with an `id INTEGER PRIMARY KEY` becomes
    // AUTOINCREMENT, rebuilt with every row, index and trigger (server/store/autoincrement.ts).
    // New tables say AUTOINCREMENT themselves (a test checks every table).
    up: rebuildWithAutoincrement,
    foreignKeysOff: true,
  },
  {
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
  },
];

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Applies every migration newer than the database's `PRAGMA user_version`, each in its own
 * transaction together with the version bump, so a crash leaves the schema at a known version.
 * `user_version` lives in the file header, so no bookkeeping table is needed.
 */
export function migrate(db: Database, list: Migration[] = migrations): number {
  const latest = list.reduce((max, m) => Math.max(max, m.version), 0);
  const current = schemaVersion(db);
  if (current > latest) {
    throw new Error(
      `Database schema version ${current} is newer than this server knows (${latest}): update Wordbench`,
    );
  }
  const ordered = [...list].sort((a, b) => a.version - b.version);
  for (const migration of ordered) {
    if (migration.version <= current) continue;
    // foreign_keys cannot change inside a transaction, so it is switched around it.
    const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number;
    if (migration.foreignKeysOff) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => apply(db, migration)).immediate();
    } finally {
      if (migration.foreignKeysOff) db.pragma(`foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
    }
  }
  return schemaVersion(db);
}

function apply(db: Database, migration: Migration): void {
  // Re-read inside the write lock: another process may have migrated while we waited.
  if (schemaVersion(db) >= migration.version) return;
  if (typeof migration.up === 'string') db.exec(migration.up);
  else migration.up(db);
  if (migration.foreignKeysOff) {
    const broken = db.pragma('foreign_key_check') as unknown[];
    if (broken.length > 0) {
      throw new Error(
        `Migration ${migration.version} would break ${broken.length} foreign keys: rolled back`,
      );
    }
  }
  // PRAGMA takes no bound parameters; the version is a number from our own list.
  db.pragma(`user_version = ${Math.trunc(migration.version)}`);
}
