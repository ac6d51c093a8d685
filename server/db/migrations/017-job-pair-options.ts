import type { Migration } from './migration';

export const v17: Migration = {
  version: 17,
  // Jobs' language pairs keep the rest of what POST /v2/jobs asks (issue 15 follow-up): the MT
  // model named (`external_model_id`), case-sensitive pretranslation, match attribution, and the
  // people assigned to the template's stages (JSON, server/jobs/stage-assignments.ts). The
  // documents made for a pair carry the pretranslation options on (documents/pretranslate-job.ts):
  // `pretranslate_threshold` null is the default 75.
  up: `
    ALTER TABLE job_language_pairs ADD COLUMN external_model_id INTEGER;
    ALTER TABLE job_language_pairs ADD COLUMN case_sensitive INTEGER NOT NULL DEFAULT 0
      CHECK (case_sensitive IN (0, 1));
    ALTER TABLE job_language_pairs ADD COLUMN match_attribution INTEGER NOT NULL DEFAULT 0
      CHECK (match_attribution IN (0, 1));
    ALTER TABLE job_language_pairs ADD COLUMN stage_assignments TEXT
      CHECK (stage_assignments IS NULL OR json_valid(stage_assignments));
    ALTER TABLE documents ADD COLUMN case_sensitive INTEGER NOT NULL DEFAULT 0
      CHECK (case_sensitive IN (0, 1));
    ALTER TABLE documents ADD COLUMN match_attribution INTEGER NOT NULL DEFAULT 0
      CHECK (match_attribution IN (0, 1));
    ALTER TABLE documents ADD COLUMN pretranslate_threshold INTEGER;
  `,
};
