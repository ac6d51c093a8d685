import type { Database } from './db';
import { createKey, isValidKey, keyExists } from './keys';

export interface BootstrapResult {
  /** True when this call created the first organization, user and key. */
  created: boolean;
  /** The generated key, present only when this call made one up: print it once. */
  key?: string;
  /** True when a key row was inserted (a new database, or a given key added to an existing one). */
  keyAdded: boolean;
}

/** The first user of the first organization: who keys made by the CLI and the desktop app belong to. */
export function defaultUser(db: Database): { userId: number; orgId: number } | null {
  const row = db
    .prepare<[], { userId: number; orgId: number }>(
      `SELECT u.id AS userId, u.org_id AS orgId FROM users u
        JOIN organizations o ON o.id = u.org_id ORDER BY o.id, u.id LIMIT 1`,
    )
    .get();
  return row ?? null;
}

function firstOrganization(db: Database): number | null {
  const row = db
    .prepare<[], { id: number }>('SELECT id FROM organizations ORDER BY id LIMIT 1')
    .get();
  return row?.id ?? null;
}

function insertUser(db: Database, orgId: number, now: number): number {
  const result = db
    .prepare('INSERT INTO users (org_id, name, created_at) VALUES (?, ?, ?)')
    .run(orgId, 'Owner', now);
  return Number(result.lastInsertRowid);
}

/**
 * Makes sure the database has someone to act as.
 *
 * - Empty database: creates an organization, a user and a key (`options.key`, or a generated one
 *   that is returned so the CLI can print it once).
 * - Existing database with a `key` that is not stored yet: adds it to the first user of the first
 *   organization. The desktop app passes the key from its vault on every start, so a vault key
 *   made for another data folder (or a fresh vault) still works. A key that exists but was revoked
 *   stays revoked: revocation wins over the vault.
 */
export function ensureBootstrap(db: Database, options: { key?: string } = {}): BootstrapResult {
  const { key } = options;
  if (key !== undefined && !isValidKey(key)) {
    throw new Error('The bootstrap key must be printable ASCII without spaces or colons');
  }
  return db
    .transaction((): BootstrapResult => {
      const now = Math.floor(Date.now() / 1000);
      let orgId = firstOrganization(db);
      const created = orgId === null;
      if (orgId === null) {
        const result = db
          .prepare('INSERT INTO organizations (name, created_at) VALUES (?, ?)')
          .run('My organization', now);
        orgId = Number(result.lastInsertRowid);
      }
      const userId = defaultUser(db)?.userId ?? insertUser(db, orgId, now);
      if (key !== undefined) {
        if (keyExists(db, key)) return { created, keyAdded: false };
        createKey(db, userId, key);
        return { created, keyAdded: true };
      }
      if (!created) return { created, keyAdded: false };
      return { created, key: createKey(db, userId).key, keyAdded: true };
    })
    .immediate();
}
