import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support';
import { ensureBootstrap } from './bootstrap';
import { openDatabase, type Database } from './db';
import { findKey, listKeys, revokeKey } from './keys';

let dir: string;
let db: Database;
const count = (table: string) =>
  (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

beforeEach(() => {
  dir = tempDir();
  db = openDatabase(join(dir, 'wordbench.db'));
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('ensureBootstrap', () => {
  it('creates an organization, a user and a generated key on an empty database', () => {
    const result = ensureBootstrap(db);
    expect(result.created).toBe(true);
    expect(result.key).toMatch(/^wb_/);
    expect(findKey(db, result.key!)).not.toBeNull();
    expect([count('organizations'), count('users'), count('api_keys')]).toEqual([1, 1, 1]);
  });

  it('uses the given key and does not return it', () => {
    const result = ensureBootstrap(db, { key: 'given-key-123' });
    expect(result).toEqual({ created: true, keyAdded: true });
    expect(findKey(db, 'given-key-123')).not.toBeNull();
  });

  it('does not create a second organization on the next start', () => {
    ensureBootstrap(db);
    const again = ensureBootstrap(db);
    expect(again).toEqual({ created: false, keyAdded: false });
    expect([count('organizations'), count('users'), count('api_keys')]).toEqual([1, 1, 1]);
  });

  it('adds a given key that is absent to the first user, once', () => {
    ensureBootstrap(db, { key: 'first-key' });
    const owner = findKey(db, 'first-key')!;
    expect(ensureBootstrap(db, { key: 'vault-key' })).toEqual({ created: false, keyAdded: true });
    expect(findKey(db, 'vault-key')).toMatchObject({ userId: owner.userId, orgId: owner.orgId });
    expect(ensureBootstrap(db, { key: 'vault-key' })).toEqual({ created: false, keyAdded: false });
    expect(count('organizations')).toBe(1);
    expect(listKeys(db)).toHaveLength(2);
  });

  it('leaves a revoked key revoked', () => {
    ensureBootstrap(db, { key: 'revoked-key' });
    revokeKey(db, 'revoked-');
    expect(ensureBootstrap(db, { key: 'revoked-key' }).keyAdded).toBe(false);
    expect(findKey(db, 'revoked-key')).toBeNull();
  });
});
