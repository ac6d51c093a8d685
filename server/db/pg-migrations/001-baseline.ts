import { accounts } from './baseline/accounts';
import { files } from './baseline/files';
import { memories } from './baseline/memories';
import { projects } from './baseline/projects';
import type { PgMigration } from './migration';

/**
 * Version 1: the whole schema of SQLite version 10 (server/db/migrations/001 to 010, with the
 * table rebuilds of 008 and 010), in one transaction. The SQL is split by area only to keep the
 * files short; the parts run in this order because later ones reference earlier ones.
 */
export const v1: PgMigration = {
  version: 1,
  sqliteTwin: 10,
  up: [accounts, memories, projects, files].join('\n'),
};
