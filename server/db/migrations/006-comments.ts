import type { Migration } from './migration';

export const v6: Migration = {
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
};
