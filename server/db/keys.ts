import { createHash, randomBytes } from 'node:crypto';
import type { Database } from './db';

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

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * Stores `key` (or a newly generated one) for the user and returns it in clear: the only moment the
 * caller can see it.
 */
export function createKey(
  db: Database,
  userId: number,
  key: string = generateKey(),
): { id: number; key: string; prefix: string } {
  if (!isValidKey(key)) {
    throw new Error('An API key must be 1-512 printable ASCII characters without spaces or colons');
  }
  const prefix = keyPrefix(key);
  const result = db
    .prepare('INSERT INTO api_keys (user_id, key_hash, prefix, created_at) VALUES (?, ?, ?, ?)')
    .run(userId, hashKey(key), prefix, nowSeconds());
  return { id: Number(result.lastInsertRowid), key, prefix };
}

/** Whether a key with this hash exists at all, revoked or not. */
export function keyExists(db: Database, key: string): boolean {
  return db.prepare('SELECT 1 FROM api_keys WHERE key_hash = ?').get(hashKey(key)) !== undefined;
}

/**
 * Returns a lookup with its statement prepared once, for the auth hook that runs on every request.
 * A hash lookup needs no constant-time comparison: the secret is never compared directly.
 */
export function createKeyFinder(db: Database): (key: string) => KeyOwner | null {
  const statement = db.prepare<[string], KeyOwner>(
    `SELECT k.id AS keyId, k.user_id AS userId, u.org_id AS orgId
       FROM api_keys k JOIN users u ON u.id = k.user_id
      WHERE k.key_hash = ? AND k.revoked_at IS NULL`,
  );
  return (key) => statement.get(hashKey(key)) ?? null;
}

export function findKey(db: Database, key: string): KeyOwner | null {
  return createKeyFinder(db)(key);
}

const SELECT_INFO = `SELECT k.id, k.user_id AS userId, u.name AS userName, u.org_id AS orgId,
  o.name AS orgName, k.prefix, k.created_at AS createdAt, k.revoked_at AS revokedAt
  FROM api_keys k JOIN users u ON u.id = k.user_id JOIN organizations o ON o.id = u.org_id`;

export function listKeys(db: Database): ApiKeyInfo[] {
  return db.prepare<[], ApiKeyInfo>(`${SELECT_INFO} ORDER BY k.id`).all();
}

/**
 * Revokes one key by its id or by its listed prefix. A prefix that several keys share is refused
 * rather than guessed.
 */
export function revokeKey(db: Database, idOrPrefix: string): RevokeResult {
  const id = /^\d+$/.test(idOrPrefix) ? Number(idOrPrefix) : -1;
  const matches = db
    .prepare<[number, string], ApiKeyInfo>(
      `${SELECT_INFO} WHERE k.id = ? OR k.prefix = ? ORDER BY k.id`,
    )
    .all(id, idOrPrefix);
  const [match] = matches;
  if (!match) return { status: 'not-found' };
  if (matches.length > 1) return { status: 'ambiguous', matches };
  if (match.revokedAt !== null) return { status: 'already-revoked', key: match };
  const revokedAt = nowSeconds();
  db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ?').run(revokedAt, match.id);
  return { status: 'revoked', key: { ...match, revokedAt } };
}
