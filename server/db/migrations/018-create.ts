import type { Migration } from './migration';

export const v18: Migration = {
  version: 18,
  // Create (issue 17). `create_settings`: one row per organization, made on its first change:
  // the terms (signed, when, by which key and user), the preferences, and the text engine
  // (`engine_kind` null: the server's default; 'none': no engine). The engine's API key is kept
  // as given, since the server must send it; no answer ever carries it.
  // `create_contents`: generated texts with the request as used; `status` says whether the
  // generation finished, was stopped (the client left) or failed (the engine broke off).
  up: `
    CREATE TABLE create_settings (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      org_id INTEGER NOT NULL UNIQUE REFERENCES organizations(id) ON DELETE CASCADE,
      is_terms_signed INTEGER NOT NULL DEFAULT 0 CHECK (is_terms_signed IN (0, 1)),
      terms_signed_at INTEGER,
      terms_key_id INTEGER REFERENCES api_keys(id) ON DELETE SET NULL,
      terms_user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
      tone TEXT,
      styleguide TEXT,
      engine_kind TEXT CHECK (engine_kind IN ('openai', 'llama', 'none')),
      engine_base_url TEXT,
      engine_model TEXT,
      engine_api_key TEXT,
      engine_model_path TEXT,
      updated_at INTEGER NOT NULL
    );

    CREATE TABLE create_contents (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
      name TEXT,
      language TEXT NOT NULL,
      template TEXT NOT NULL,
      template_params TEXT NOT NULL CHECK (json_valid(template_params)),
      preferences TEXT NOT NULL CHECK (json_valid(preferences)),
      text TEXT NOT NULL DEFAULT '',
      status TEXT NOT NULL CHECK (status IN ('finished', 'stopped', 'failed')),
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE INDEX create_contents_org ON create_contents(org_id, id);
  `,
};
