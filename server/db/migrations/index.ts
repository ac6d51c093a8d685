import type { Database } from '../db';
import type { Migration } from './migration';
import { v1 } from './001-accounts';
import { v2 } from './002-projects';
import { v3 } from './003-files-and-work';
import { v4 } from './004-memory-units';
import { v5 } from './005-documents';
import { v6 } from './006-comments';
import { v7 } from './007-pretranslate-token';
import { v8 } from './008-autoincrement';
import { v9 } from './009-skeleton-parts';
import { v10 } from './010-file-translations';
import { v11 } from './011-work-leases';
import { v12 } from './012-segment-authors';
import { v13 } from './013-qa-ignores';
import { v14 } from './014-document-progress';
import { v15 } from './015-jobs';
import { v16 } from './016-webhooks';
import { v17 } from './017-job-pair-options';
import { v18 } from './018-create';

export type { Migration } from './migration';

/**
 * The schema history, one file per version. Append only: never edit a migration that has
 * shipped, add a new one (new tables give their `id` AUTOINCREMENT: ids are never reused).
 * Timestamps are epoch seconds, like the API's `created_at` fields.
 */
export const migrations: Migration[] = [
  v1,
  v2,
  v3,
  v4,
  v5,
  v6,
  v7,
  v8,
  v9,
  v10,
  v11,
  v12,
  v13,
  v14,
  v15,
  v16,
  v17,
  v18,
];

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Applies every migration newer than the database's `PRAGMA user_version`, each in its own
 * transaction together with the version bump, so a crash leaves the schema at a known version.
 * `user_version` lives in the file header, so no bookkeeping table is needed.
 */
export function migrate(db: Database, list: Migration[] = migrations): number {
  const latest = list.reduce((max, m) => Math.max(max, m.version), 0);
  const current = schemaVersion(db);
  if (current > latest) {
    throw new Error(
      `Database schema version ${current} is newer than this server knows (${latest}): update Wordbench`,
    );
  }
  const ordered = [...list].sort((a, b) => a.version - b.version);
  for (const migration of ordered) {
    if (migration.version <= current) continue;
    // foreign_keys cannot change inside a transaction, so it is switched around it.
    const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number;
    if (migration.foreignKeysOff) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => apply(db, migration)).immediate();
    } finally {
      if (migration.foreignKeysOff) db.pragma(`foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
    }
  }
  return schemaVersion(db);
}

function apply(db: Database, migration: Migration): void {
  // Re-read inside the write lock: another process may have migrated while we waited.
  if (schemaVersion(db) >= migration.version) return;
  if (typeof migration.up === 'string') db.exec(migration.up);
  else migration.up(db);
  if (migration.foreignKeysOff) {
    const broken = db.pragma('foreign_key_check') as unknown[];
    if (broken.length > 0) {
      throw new Error(
        `Migration ${migration.version} would break ${broken.length} foreign keys: rolled back`,
      );
    }
  }
  // PRAGMA takes no bound parameters; the version is a number from our own list.
  db.pragma(`user_version = ${Math.trunc(migration.version)}`);
}
