import type { Database } from './db';

export interface Migration {
  version: number;
  up: string;
}

/**
 * The schema history. Append only: never edit a migration that has shipped, add a new one.
 * Timestamps are epoch seconds, like the API's `created_at` fields.
 */
export const migrations: Migration[] = [
  {
    version: 1,
    up: `
      CREATE TABLE organizations (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX users_org_id ON users(org_id);
      CREATE TABLE api_keys (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        key_hash TEXT NOT NULL UNIQUE,
        prefix TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        revoked_at INTEGER
      );
      CREATE INDEX api_keys_user_id ON api_keys(user_id);
      CREATE INDEX api_keys_prefix ON api_keys(prefix);
    `,
  },
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
    db.transaction(() => {
      // Re-read inside the write lock: another process may have migrated while we waited.
      if (schemaVersion(db) >= migration.version) return;
      db.exec(migration.up);
      // PRAGMA takes no bound parameters; the version is a number from our own list.
      db.pragma(`user_version = ${Math.trunc(migration.version)}`);
    }).immediate();
  }
  return schemaVersion(db);
}
