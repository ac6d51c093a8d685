import type { Migration } from './migration';

export const v11: Migration = {
  version: 11,
  // A running item belongs to the process that claimed it (`owner`) until its lease ends; the
  // owner renews it while it works. An item whose lease ran out was left by a process that died,
  // and any process takes it over (server/work/queue.ts). One desktop has one process, but the
  // columns are the same on both backends.
  up: `
    ALTER TABLE work_items ADD COLUMN owner TEXT;
    ALTER TABLE work_items ADD COLUMN lease_until INTEGER;
    CREATE INDEX work_items_leases ON work_items(state, lease_until);
  `,
};
