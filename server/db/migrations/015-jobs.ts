import type { Migration } from './migration';

export const v15: Migration = {
  version: 15,
  // Jobs (issue 15): a set of source files going into several target languages, one project per
  // language pair (projects.job_id, which had no table until now: no foreign key is added to it,
  // that would need a rebuild of projects). The files and pairs keep their order. A job's
  // projects are made in the background (`creation_status`); `is_processing` is its export
  // (1 running, 0 idle, -2 failed), whose zip is the blob `export_blob`.
  up: `
    CREATE TABLE jobs (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      srclang TEXT NOT NULL,
      srclocale TEXT,
      due_at INTEGER,
      status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived', 'delivered')),
      creation_status TEXT NOT NULL DEFAULT 'PENDING'
        CHECK (creation_status IN ('PENDING', 'COMPLETE', 'FAILED')),
      creation_error TEXT,
      delivered_at INTEGER,
      is_processing INTEGER NOT NULL DEFAULT 0 CHECK (is_processing IN (1, 0, -2)),
      processing_error TEXT,
      workflow_template_id INTEGER,
      domain_id INTEGER,
      leverage TEXT CHECK (leverage IS NULL OR json_valid(leverage)),
      export_type TEXT CHECK (export_type IS NULL OR export_type IN ('files', 'memory')),
      export_token TEXT,
      export_blob TEXT REFERENCES blobs(sha256),
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE INDEX jobs_org ON jobs(org_id, id);
    CREATE INDEX jobs_export_blob ON jobs(export_blob);

    CREATE TABLE job_files (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      job_id INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      file_id INTEGER REFERENCES files(id) ON DELETE SET NULL,
      name TEXT NOT NULL,
      UNIQUE (job_id, position)
    );
    CREATE INDEX job_files_file ON job_files(file_id);

    CREATE TABLE job_language_pairs (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      job_id INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      trglang TEXT NOT NULL,
      trglocale TEXT,
      memory_id INTEGER NOT NULL,
      due_at INTEGER,
      pretranslate INTEGER NOT NULL DEFAULT 0 CHECK (pretranslate IN (0, 1)),
      auto_accept INTEGER NOT NULL DEFAULT 0 CHECK (auto_accept IN (0, 1)),
      config_id INTEGER,
      workflow_template_id INTEGER,
      project_id INTEGER REFERENCES projects(id) ON DELETE SET NULL,
      UNIQUE (job_id, position)
    );
    CREATE INDEX job_language_pairs_project ON job_language_pairs(project_id);

    CREATE INDEX projects_job ON projects(job_id);
  `,
};
