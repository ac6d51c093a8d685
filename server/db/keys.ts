import { createHash, randomBytes } from 'node:crypto';
import type { Queryable, Storage } from './storage';
import { nowSeconds } from './time';

/** Who is calling: resolved from a valid, unrevoked API key. */
export interface KeyOwner {
  keyId: number;
  userId: number;
  orgId: number;
}

/** What `keys list` shows: never the key itself, which is stored only as a hash. */
export interface ApiKeyInfo {
  id: number;
  userId: number;
  userName: string;
  orgId: number;
  orgName: string;
  prefix: string;
  /** Epoch seconds. */
  createdAt: number;
  /** Epoch seconds, or null while the key is active. */
  revokedAt: number | null;
}

export type RevokeResult =
  | { status: 'revoked'; key: ApiKeyInfo }
  | { status: 'already-revoked'; key: ApiKeyInfo }
  | { status: 'not-found' }
  | { status: 'ambiguous'; matches: ApiKeyInfo[] };

const PREFIX_LENGTH = 8;
const KEY_PATTERN = /^[\x21-\x39\x3b-\x7e]{1,512}$/;

/** A new random key: `wb_` + 32 random bytes in base64url (43 characters). */
export function generateKey(): string {
  return `wb_${randomBytes(32).toString('base64url')}`;
}

/** SHA-256 hex: what the database stores instead of the key. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function keyPrefix(key: string): string {
  return key.slice(0, PREFIX_LENGTH);
}

/**
 * Printable ASCII without spaces or colons: a colon would break `Basic base64(key:key)`.
 */
export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/**
 * Stores `key` (or a newly generated one) for the user and returns it in clear: the only moment the
 * caller can see it. `db` is the storage's handle or the caller's open transaction.
 */
export async function createKey(
  db: Queryable,
  userId: number,
  key: string = generateKey(),
): Promise<{ id: number; key: string; prefix: string }> {
  if (!isValidKey(key)) {
    throw new Error('An API key must be 1-512 printable ASCII characters without spaces or colons');
  }
  const prefix = keyPrefix(key);
  const row = await db
    .insertInto('api_keys')
    .values({ user_id: userId, key_hash: hashKey(key), prefix, created_at: nowSeconds() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, key, prefix };
}

/** Whether a key with this hash exists at all, revoked or not. */
export async function keyExists(db: Queryable, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('api_keys')
    .select('id')
    .where('key_hash', '=', hashKey(key))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The owner of a valid, unrevoked key, or null. A hash lookup needs no constant-time comparison:
 * the secret is never compared directly.
 */
export async function findKey(db: Queryable, key: string): Promise<KeyOwner | null> {
  const row = await keyLookup(db, hashKey(key)).executeTakeFirst();
  return row ?? null;
}

const keyLookup = (db: Queryable, keyHash: string) =>
  db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select(['k.id as keyId', 'k.user_id as userId', 'u.org_id as orgId'])
    .where('k.key_hash', '=', keyHash)
    .where('k.revoked_at', 'is', null);

/**
 * The lookup of the auth hook, which runs on every request: one query on the storage's handle,
 * compiled once (building and compiling it cost as much as running it on SQLite); each request
 * runs it with its own hash in place of the placeholder value.
 */
export function createKeyFinder(storage: Storage): (key: string) => Promise<KeyOwner | null> {
  const HASH = '\0key hash';
  const compiled = keyLookup(storage.db, HASH).compile();
  return async (key) => {
    const keyHash = hashKey(key);
    const parameters = compiled.parameters.map((value) => (value === HASH ? keyHash : value));
    const { rows } = await storage.db.executeQuery<KeyOwner>({ ...compiled, parameters });
    return rows[0] ?? null;
  };
}

function selectInfo(db: Queryable) {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .innerJoin('organizations as o', 'o.id', 'u.org_id')
    .select([
      'k.id',
      'k.user_id as userId',
      'u.name as userName',
      'u.org_id as orgId',
      'o.name as orgName',
      'k.prefix',
      'k.created_at as createdAt',
      'k.revoked_at as revokedAt',
    ]);
}

export async function listKeys(storage: Storage): Promise<ApiKeyInfo[]> {
  return selectInfo(storage.db).orderBy('k.id').execute();
}

/**
 * Revokes one key by its id or by its listed prefix. A prefix that several keys share is refused
 * rather than guessed. One transaction: on PostgreSQL the matching key rows stay locked from the
 * read to the update, so two revocations at once answer `revoked` once.
 */
export function revokeKey(storage: Storage, idOrPrefix: string): Promise<RevokeResult> {
  const asNumber = /^\d+$/.test(idOrPrefix) ? Number(idOrPrefix) : -1;
  // Past 2^53 no id can match (and PostgreSQL would refuse the number as a bigint).
  const id = Number.isSafeInteger(asNumber) ? asNumber : -1;
  return storage.transaction(async (tx): Promise<RevokeResult> => {
    const matches = await selectInfo(tx)
      .where((eb) => eb.or([eb('k.id', '=', id), eb('k.prefix', '=', idOrPrefix)]))
      .orderBy('k.id')
      .$if(storage.dialect === 'postgres', (query) => query.forUpdate('k'))
      .execute();
    const [match] = matches;
    if (!match) return { status: 'not-found' };
    if (matches.length > 1) return { status: 'ambiguous', matches };
    if (match.revokedAt !== null) return { status: 'already-revoked', key: match };
    const revokedAt = nowSeconds();
    await tx
      .updateTable('api_keys')
      .set({ revoked_at: revokedAt })
      .where('id', '=', match.id)
      .execute();
    return { status: 'revoked', key: { ...match, revokedAt } };
  });
}
