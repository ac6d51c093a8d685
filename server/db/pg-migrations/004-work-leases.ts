import type { PgMigration } from './migration';

/** Version 4 = SQLite 11: work item leases (server/db/migrations/011-work-leases.ts). */
export const v4: PgMigration = {
  version: 4,
  sqliteTwin: 11,
  up: `
    ALTER TABLE work_items ADD COLUMN owner text;
    ALTER TABLE work_items ADD COLUMN lease_until bigint;
    CREATE INDEX work_items_leases ON work_items(state, lease_until);
  `,
};
