import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support';
import { openDatabase } from './db';
import { migrate, migrations, schemaVersion } from './migrations';

const dirs: string[] = [];
function dbFile(): string {
  const dir = tempDir();
  dirs.push(dir);
  return join(dir, 'wordbench.db');
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const latest = Math.max(...migrations.map((m) => m.version));

describe('openDatabase and migrations', () => {
  it('creates the schema, sets user_version and turns on WAL and foreign keys', () => {
    const db = openDatabase(dbFile());
    expect(schemaVersion(db)).toBe(latest);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    const tables = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((t) => t.name);
    expect(tables).toEqual(
      expect.arrayContaining([
        'organizations',
        'users',
        'api_keys',
        'memories',
        'projects',
        'project_state_changes',
        'documents',
      ]),
    );
    db.close();
  });

  it('is idempotent when the database is opened again', () => {
    const file = dbFile();
    const first = openDatabase(file);
    first.prepare("INSERT INTO organizations (name, created_at) VALUES ('Acme', 0)").run();
    first.close();
    const second = openDatabase(file);
    expect(schemaVersion(second)).toBe(latest);
    expect(second.prepare('SELECT count(*) AS n FROM organizations').get()).toEqual({ n: 1 });
    expect(migrate(second)).toBe(latest);
    second.close();
  });

  it('applies only newer migrations, each with its version bump', () => {
    const db = openDatabase(dbFile());
    const next = latest + 1;
    migrate(db, [
      ...migrations,
      { version: next, up: 'CREATE TABLE extra (id INTEGER PRIMARY KEY)' },
    ]);
    expect(schemaVersion(db)).toBe(next);
    db.close();
  });

  it('rolls back a failing migration and keeps the previous version', () => {
    const db = openDatabase(dbFile());
    const broken = { version: latest + 1, up: 'CREATE TABLE ok (id INTEGER); NOT SQL' };
    expect(() => migrate(db, [...migrations, broken])).toThrow();
    expect(schemaVersion(db)).toBe(latest);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'ok'").get()).toBeUndefined();
    db.close();
  });

  it('refuses a database made by a newer server', () => {
    const file = dbFile();
    const db = openDatabase(file);
    db.pragma(`user_version = ${latest + 5}`);
    db.close();
    expect(() => openDatabase(file)).toThrow(/newer/);
  });
});
