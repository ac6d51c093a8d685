import type { Migration } from './migration';

export const v2: Migration = {
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
};
