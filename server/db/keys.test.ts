import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support';
import { defaultUser, ensureBootstrap } from './bootstrap';
import { openDatabase, type Database } from './db';
import { sqliteStorage, type Storage } from './storage';
import { createKey, findKey, generateKey, hashKey, isValidKey, listKeys, revokeKey } from './keys';

let dir: string;
let db: Database;
let storage: Storage;
let userId: number;

beforeEach(async () => {
  dir = tempDir();
  db = openDatabase(join(dir, 'wordbench.db'));
  storage = sqliteStorage(db);
  await ensureBootstrap(storage, { key: 'wb_bootstrap-key' });
  userId = (await defaultUser(storage.db))!.userId;
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('key store', () => {
  it('generates wb_ keys of 32 random bytes', () => {
    const key = generateKey();
    expect(key).toMatch(/^wb_[A-Za-z0-9_-]{43}$/);
    expect(generateKey()).not.toBe(key);
  });

  it('creates a key, finds its owner, and lists it by prefix', async () => {
    const created = await createKey(storage.db, userId);
    expect(created.prefix).toBe(created.key.slice(0, 8));
    expect(await findKey(storage.db, created.key)).toEqual({
      keyId: created.id,
      userId,
      orgId: (await defaultUser(storage.db))!.orgId,
    });
    expect(await findKey(storage.db, `${created.key}x`)).toBeNull();
    const listed = (await listKeys(storage)).find((k) => k.id === created.id);
    expect(listed).toMatchObject({
      prefix: created.prefix,
      revokedAt: null,
      userId,
      userName: 'Owner',
      orgId: (await defaultUser(storage.db))!.orgId,
      orgName: 'My organization',
    });
    expect(listed!.createdAt).toBeGreaterThan(1_600_000_000);
  });

  it('stores only the SHA-256 hash: the clear key never reaches the database file', async () => {
    const { key } = await createKey(storage.db, userId);
    const row = db.prepare('SELECT key_hash FROM api_keys WHERE key_hash = ?').get(hashKey(key));
    expect(row).toEqual({ key_hash: hashKey(key) });
    expect(hashKey(key)).toMatch(/^[0-9a-f]{64}$/);
    db.pragma('wal_checkpoint(TRUNCATE)');
    const secret = key.slice(8);
    for (const file of ['wordbench.db', 'wordbench.db-wal']) {
      const path = join(dir, file);
      const bytes = existsSync(path) ? readFileSync(path) : Buffer.alloc(0);
      expect(bytes.includes(secret)).toBe(false);
      expect(bytes.includes('wb_bootstrap-key')).toBe(false);
    }
  });

  it('revokes by id and by prefix; a revoked key no longer authenticates', async () => {
    const a = await createKey(storage.db, userId);
    const b = await createKey(storage.db, userId);
    expect(await revokeKey(storage, String(a.id))).toMatchObject({
      status: 'revoked',
      key: { id: a.id },
    });
    expect(await findKey(storage.db, a.key)).toBeNull();
    expect((await revokeKey(storage, String(a.id))).status).toBe('already-revoked');
    expect(await revokeKey(storage, b.prefix)).toMatchObject({
      status: 'revoked',
      key: { id: b.id },
    });
    expect((await listKeys(storage)).find((k) => k.id === b.id)!.revokedAt).not.toBeNull();
    expect((await revokeKey(storage, 'nothing')).status).toBe('not-found');
  });

  it('refuses to guess when a prefix is shared', async () => {
    await createKey(storage.db, userId, 'samepref-one');
    await createKey(storage.db, userId, 'samepref-two');
    const result = await revokeKey(storage, 'samepref');
    expect(result.status).toBe('ambiguous');
  });

  it('rejects keys that would break Basic auth', async () => {
    expect(isValidKey('a:b')).toBe(false);
    expect(isValidKey('has space')).toBe(false);
    expect(isValidKey('')).toBe(false);
    await expect(createKey(storage.db, userId, 'a:b')).rejects.toThrow();
  });
});
