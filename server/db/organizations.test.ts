import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support';
import { ensureBootstrap } from './bootstrap';
import { openDatabase, type Database } from './db';
import { sqliteStorage, type Storage } from './storage';
import {
  checkName,
  createOrganization,
  createUser,
  ensureMember,
  NameError,
} from './organizations';

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

describe('checkName', () => {
  it('trims and normalises to NFC', () => {
    expect(checkName('Name', '  Cafe\u0301\t')).toBe('Caf\u00e9');
  });

  it.each([
    ['', 'must not be empty'],
    ['\u00a0 \n', 'must not be empty'],
    ['a'.repeat(201), 'must be at most 200 characters, not 201'],
    ['a\u0000b', 'must not contain control characters (U+0000)'],
    ['a\u001b[31mb', 'must not contain control characters (U+001B)'],
    ['a\u2028b', 'must not contain control characters (U+2028)'],
    ['a\u2066b', 'must not contain control characters (U+2066)'],
    ['a\ud800b', 'must not contain control characters (U+D800)'],
  ])('refuses %j', (raw, problem) => {
    expect(() => checkName('Name', raw)).toThrow(new NameError(`Name ${problem}`));
  });

  it('keeps letters, spaces, punctuation, emoji and joiners', () => {
    for (const name of ['Ácme & Co. (EU)', 'Zürich 東京 🏳️‍🌈', 'می‌خواهم']) {
      expect(checkName('Name', name)).toBe(name);
    }
  });
});

describe('ensureMember', () => {
  it('creates the organization and user once, then finds them by name', async () => {
    const made = await ensureMember(storage, 'Acme', 'Ann');
    expect(made).toMatchObject({
      orgName: 'Acme',
      userName: 'Ann',
      orgCreated: true,
      userCreated: true,
    });
    expect(await ensureMember(storage, ' Acme', 'Ann ')).toEqual({
      ...made,
      orgCreated: false,
      userCreated: false,
    });
    const bo = await ensureMember(storage, 'Acme', 'Bo');
    expect(bo).toMatchObject({ orgId: made.orgId, orgCreated: false, userCreated: true });
    expect([count('organizations'), count('users')]).toEqual([1, 2]);
  });

  it('finds users within their own organization only', async () => {
    const acme = await ensureMember(storage, 'Acme', 'Ann');
    const globex = await ensureMember(storage, 'Globex', 'Ann');
    expect(globex.orgId).not.toBe(acme.orgId);
    expect(globex.userId).not.toBe(acme.userId);
    expect(globex.userCreated).toBe(true);
  });

  it('finds the bootstrap organization by its name', async () => {
    await ensureBootstrap(storage);
    expect(await ensureMember(storage, 'My organization', 'Owner')).toMatchObject({
      orgCreated: false,
      userCreated: false,
    });
  });

  it('refuses a name that several rows share, rather than guess', async () => {
    await createOrganization(storage.db, 'Twin');
    const second = await createOrganization(storage.db, 'Twin');
    await expect(ensureMember(storage, 'Twin', 'Ann')).rejects.toThrow(
      new NameError('2 organizations are named "Twin" (ids 1, 2)'),
    );
    await createUser(storage.db, second, 'Ann');
    const other = await createOrganization(storage.db, 'Solo');
    await createUser(storage.db, other, 'Ann');
    await createUser(storage.db, other, 'Ann');
    await expect(ensureMember(storage, 'Solo', 'Ann')).rejects.toThrow(
      /2 users of "Solo" are named "Ann"/,
    );
    expect(count('organizations')).toBe(3);
  });

  it('refuses bad names before writing anything', async () => {
    await expect(ensureMember(storage, 'Acme', '')).rejects.toThrow(NameError);
    expect(count('organizations')).toBe(0);
  });
});
