import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support';
import { ensureBootstrap } from './bootstrap';
import { openDatabase, type Database } from './db';
import { sqliteStorage, type Storage } from './storage';
import { findKey, listKeys, revokeKey } from './keys';

let dir: string;
let db: Database;
let storage: Storage;
const count = (table: string) =>
  (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

beforeEach(() => {
  dir = tempDir();
  db = openDatabase(join(dir, 'wordbench.db'));
  storage = sqliteStorage(db);
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('ensureBootstrap', () => {
  it('creates an organization, a user and a generated key on an empty database', async () => {
    const result = await ensureBootstrap(storage);
    expect(result.created).toBe(true);
    expect(result.key).toMatch(/^wb_/);
    expect(await findKey(storage.db, result.key!)).not.toBeNull();
    expect([count('organizations'), count('users'), count('api_keys')]).toEqual([1, 1, 1]);
  });

  it('uses the given key and does not return it', async () => {
    const result = await ensureBootstrap(storage, { key: 'given-key-123' });
    expect(result).toEqual({ created: true, keyAdded: true });
    expect(await findKey(storage.db, 'given-key-123')).not.toBeNull();
  });

  it('does not create a second organization on the next start', async () => {
    await ensureBootstrap(storage);
    const again = await ensureBootstrap(storage);
    expect(again).toEqual({ created: false, keyAdded: false });
    expect([count('organizations'), count('users'), count('api_keys')]).toEqual([1, 1, 1]);
  });

  it('adds a given key that is absent to the first user, once', async () => {
    await ensureBootstrap(storage, { key: 'first-key' });
    const owner = (await findKey(storage.db, 'first-key'))!;
    expect(await ensureBootstrap(storage, { key: 'vault-key' })).toEqual({
      created: false,
      keyAdded: true,
    });
    expect(await findKey(storage.db, 'vault-key')).toMatchObject({
      userId: owner.userId,
      orgId: owner.orgId,
    });
    expect(await ensureBootstrap(storage, { key: 'vault-key' })).toEqual({
      created: false,
      keyAdded: false,
    });
    expect(count('organizations')).toBe(1);
    expect(await listKeys(storage)).toHaveLength(2);
  });

  it('leaves a revoked key revoked', async () => {
    await ensureBootstrap(storage, { key: 'revoked-key' });
    await revokeKey(storage, 'revoked-');
    expect((await ensureBootstrap(storage, { key: 'revoked-key' })).keyAdded).toBe(false);
    expect(await findKey(storage.db, 'revoked-key')).toBeNull();
  });
});
