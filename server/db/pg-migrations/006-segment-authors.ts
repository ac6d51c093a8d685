import type { PgMigration } from './migration';

/** Version 6 = SQLite 12: who last changed a segment (server/db/migrations/012-segment-authors.ts). */
export const v6: PgMigration = {
  version: 6,
  sqliteTwin: 12,
  up: `
    ALTER TABLE segments ADD COLUMN updated_by bigint REFERENCES users(id);
  `,
};
