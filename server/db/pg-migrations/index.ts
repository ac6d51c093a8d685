import type { Client, PoolClient } from 'pg';
import { v1 } from './001-baseline';
import { v2 } from './002-change-feed';
import { v3 } from './003-shared-quota';
import { v4 } from './004-work-leases';
import { v5 } from './005-data-notifications';
import { v6 } from './006-segment-authors';
import { v7 } from './007-qa-ignores';
import { v8 } from './008-document-progress';
import { v9 } from './009-jobs';
import { v10 } from './010-webhooks';
import { v11 } from './011-job-pair-options';
import { v12 } from './012-create';
import type { PgMigration } from './migration';

export type { PgMigration } from './migration';

/**
 * The PostgreSQL schema history (README.md). Version 1 is SQLite's version 10; every later SQLite
 * migration gets its PostgreSQL twin here (`sqliteTwin`), in the same commit. Migrations of
 * team-server machinery have no twin. Append only.
 */
export const pgMigrations: PgMigration[] = [v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12];

/** Tables of PostgreSQL-only migrations (`sqliteTwin: null`), which SQLite has no twin of. */
export const PG_ONLY_TABLES = ['changes', 'changes_floor', 'quota_buckets', 'quota_blocks'];
/** Triggers of PostgreSQL-only migrations, on tables both backends have. */
export const PG_ONLY_TRIGGERS = [
  'memory_units_inserted',
  'memory_units_updated',
  'memory_units_deleted',
  'memories_deleted',
  'projects_changed',
  'documents_changed',
  'project_state_changes_changed',
];

/** The SQLite schema version that PostgreSQL version 1 equals. */
export const SQLITE_VERSION_OF_PG_BASELINE = 10;

/**
 * The advisory lock that serializes migrations across processes sharing one database (the
 * two-key form: 'WBDB', 1). Advisory locks are per database, so other databases never wait.
 */
const LOCK_CLASS = 0x57424442;
const LOCK_SCHEMA = 1;

const BOOKKEEPING = `
  CREATE TABLE schema_version (
    singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
    version integer NOT NULL CHECK (version >= 0)
  );
  INSERT INTO schema_version (version) VALUES (0);
`;

type PgClient = PoolClient | Client;

/** The database's schema version: 0 before the first migration ran. */
export async function pgSchemaVersion(client: PgClient): Promise<number> {
  const table = await client.query<{ exists: boolean }>(
    "SELECT to_regclass('schema_version') IS NOT NULL AS exists",
  );
  if (!table.rows[0]?.exists) return 0;
  const row = await client.query<{ version: number }>('SELECT version FROM schema_version');
  return row.rows[0]?.version ?? 0;
}

/**
 * Applies every migration newer than the database's `schema_version`, each in its own transaction
 * together with the version bump, so a crash leaves the schema at a known version. Several server
 * processes may start at once: each transaction first takes a transaction-scoped advisory lock
 * and only then reads the version, so a process that waited sees what the other one committed.
 * Returns the version the database is at. The client must not be inside a transaction.
 */
export async function migratePostgres(
  client: PgClient,
  list: PgMigration[] = pgMigrations,
): Promise<number> {
  const ordered = [...list].sort((a, b) => a.version - b.version);
  const latest = ordered.reduce((max, m) => Math.max(max, m.version), 0);
  for (;;) {
    // READ COMMITTED whatever the session default: each statement after the lock takes a new
    // snapshot, so the version read below includes a migration committed while we waited.
    await client.query('BEGIN ISOLATION LEVEL READ COMMITTED');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_CLASS, LOCK_SCHEMA]);
      const exists = await client.query<{ exists: boolean }>(
        "SELECT to_regclass('schema_version') IS NOT NULL AS exists",
      );
      if (!exists.rows[0]?.exists) await client.query(BOOKKEEPING);
      const current = await pgSchemaVersion(client);
      if (current > latest) {
        throw new Error(
          `Database schema version ${current} is newer than this server knows (${latest}): update Wordbench`,
        );
      }
      const next = ordered.find((m) => m.version > current);
      if (!next) {
        await client.query('COMMIT');
        return current;
      }
      await client.query(next.up);
      await client.query('UPDATE schema_version SET version = $1', [next.version]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }
}
