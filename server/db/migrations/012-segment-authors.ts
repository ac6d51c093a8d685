import type { Migration } from './migration';

export const v12: Migration = {
  version: 12,
  // Who last changed a segment's target or confirmation through the editor or the API (null for
  // what an import or a pretranslation wrote): on a team server, translators see each other's work.
  up: `
    ALTER TABLE segments ADD COLUMN updated_by INTEGER REFERENCES users(id);
  `,
};
