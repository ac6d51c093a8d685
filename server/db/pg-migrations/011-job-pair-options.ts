import type { PgMigration } from './migration';

/** Version 11 = SQLite 17: the rest of a job's pair options (../migrations/017-job-pair-options.ts). */
export const v11: PgMigration = {
  version: 11,
  sqliteTwin: 17,
  up: `
    ALTER TABLE job_language_pairs
      ADD COLUMN external_model_id bigint,
      ADD COLUMN case_sensitive bigint NOT NULL DEFAULT 0 CHECK (case_sensitive IN (0, 1)),
      ADD COLUMN match_attribution bigint NOT NULL DEFAULT 0 CHECK (match_attribution IN (0, 1)),
      ADD COLUMN stage_assignments text
        CHECK (stage_assignments IS NULL OR json_valid(stage_assignments));
    ALTER TABLE documents
      ADD COLUMN case_sensitive bigint NOT NULL DEFAULT 0 CHECK (case_sensitive IN (0, 1)),
      ADD COLUMN match_attribution bigint NOT NULL DEFAULT 0 CHECK (match_attribution IN (0, 1)),
      ADD COLUMN pretranslate_threshold bigint;
  `,
};
