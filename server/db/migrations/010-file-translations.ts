import type { Database } from '../db';
import { rebuildTable } from '../autoincrement';
import type { Migration } from './migration';

const FORMATS = [
  'text',
  'xliff12',
  'xliff20',
  'po',
  'json',
  'yaml',
  'markdown',
  'html',
  'srt',
  'vtt',
  'csv',
  'properties',
  'docx',
  'pptx',
  'xlsx',
  'android',
  'ios-strings',
  'xcstrings',
];

function up(db: Database): void {
  // Documents may now be read from every format the filters know: the CHECK grows (a rebuild).
  const list = FORMATS.map((f) => `'${f}'`).join(', ');
  rebuildTable(db, 'documents', (sql) =>
    sql.replace(/CHECK \(format IN \([^)]*\)\)/, `CHECK (format IN (${list}))`),
  );
  // A file translation outlives its file and memory (it says what happened to them), so those
  // ids carry no foreign key; the translated file is a blob the row keeps alive. The targets
  // done so far are kept per segment, so a restart resumes after the last batch written.
  db.exec(`
    CREATE TABLE file_translations (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
      file_id INTEGER NOT NULL,
      memory_id INTEGER NOT NULL,
      with_tm INTEGER NOT NULL CHECK (with_tm IN (0, 1)),
      tm_threshold INTEGER NOT NULL,
      status TEXT NOT NULL DEFAULT 'InProgress'
        CHECK (status IN ('InProgress', 'ReadyForDownload', 'Completed', 'Failed')),
      error_msg TEXT,
      file_name TEXT NOT NULL,
      translated_name TEXT NOT NULL,
      srclang TEXT NOT NULL,
      trglang TEXT NOT NULL,
      format TEXT,
      segments_done INTEGER NOT NULL DEFAULT 0,
      segments_total INTEGER NOT NULL DEFAULT 0,
      tm_segments INTEGER NOT NULL DEFAULT 0,
      mt_segments INTEGER NOT NULL DEFAULT 0,
      warning TEXT,
      result_sha256 TEXT REFERENCES blobs(sha256),
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      downloaded_at INTEGER
    );
    CREATE INDEX file_translations_org_created ON file_translations (org_id, created_at);
    CREATE INDEX file_translations_org_status ON file_translations (org_id, status);
    CREATE TABLE file_translation_targets (
      translation_id INTEGER NOT NULL REFERENCES file_translations(id) ON DELETE CASCADE,
      idx INTEGER NOT NULL CHECK (idx >= 0),
      target TEXT NOT NULL,
      origin TEXT NOT NULL CHECK (origin IN ('tm', 'mt')),
      score INTEGER,
      PRIMARY KEY (translation_id, idx)
    ) WITHOUT ROWID;
  `);
}

export const v10: Migration = { version: 10, up, foreignKeysOff: true };
