import { createKey, isValidKey, keyExists } from './keys';
import { lockAccounts } from './organizations';
import type { Queryable, Storage } from './storage';
import { nowSeconds } from './time';

export interface BootstrapResult {
  /** True when this call created the first organization, user and key. */
  created: boolean;
  /** The generated key, present only when this call made one up: print it once. */
  key?: string;
  /** True when a key row was inserted (a new database, or a given key added to an existing one). */
  keyAdded: boolean;
}

/**
 * The first user of the first organization: who keys made by the CLI and the desktop app belong to.
 * `db` is the storage's handle or the caller's open transaction.
 */
export async function defaultUser(
  db: Queryable,
): Promise<{ userId: number; orgId: number } | null> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('organizations as o', 'o.id', 'u.org_id')
    .select(['u.id as userId', 'u.org_id as orgId'])
    .orderBy('o.id')
    .orderBy('u.id')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

async function firstOrganization(db: Queryable): Promise<number | null> {
  const row = await db
    .selectFrom('organizations')
    .select('id')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

async function insertUser(db: Queryable, orgId: number, now: number): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ org_id: orgId, name: 'Owner', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Makes sure the database has someone to act as, in one transaction (holding the accounts lock:
 * two servers starting at once on one PostgreSQL database make one organization).
 *
 * - Empty database: creates an organization, a user and a key (`options.key`, or a generated one
 *   that is returned so the CLI can print it once).
 * - Existing database with a `key` that is not stored yet: adds it to the first user of the first
 *   organization. The desktop app passes the key from its vault on every start, so a vault key
 *   made for another data folder (or a fresh vault) still works. A key that exists but was revoked
 *   stays revoked: revocation wins over the vault.
 */
export async function ensureBootstrap(
  storage: Storage,
  options: { key?: string } = {},
): Promise<BootstrapResult> {
  const { key } = options;
  if (key !== undefined && !isValidKey(key)) {
    throw new Error('The bootstrap key must be printable ASCII without spaces or colons');
  }
  return storage.transaction(async (tx): Promise<BootstrapResult> => {
    await lockAccounts(tx, storage.dialect);
    const now = nowSeconds();
    let orgId = await firstOrganization(tx);
    const created = orgId === null;
    if (orgId === null) {
      const row = await tx
        .insertInto('organizations')
        .values({ name: 'My organization', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      orgId = row.id;
    }
    const userId = (await defaultUser(tx))?.userId ?? (await insertUser(tx, orgId, now));
    if (key !== undefined) {
      if (await keyExists(tx, key)) return { created, keyAdded: false };
      await createKey(tx, userId, key);
      return { created, keyAdded: true };
    }
    if (!created) return { created, keyAdded: false };
    return { created, key: (await createKey(tx, userId)).key, keyAdded: true };
  });
}
