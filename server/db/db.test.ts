import { chmodSync, existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support';
import { openDatabase } from './db';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('openDatabase file modes', () => {
  it('creates the database and its -wal and -shm files 0600', () => {
    const dir = tempDir();
    dirs.push(dir);
    const file = join(dir, 'wordbench.db');
    const db = openDatabase(file);
    db.prepare('INSERT INTO organizations (name, created_at) VALUES (?, 0)').run('Acme');
    for (const path of [file, `${file}-wal`, `${file}-shm`]) {
      expect(existsSync(path), path).toBe(true);
      expect(modeOf(path), path).toBe('600');
    }
    db.close();
  });

  it('narrows a database and a -wal left readable by others', () => {
    const dir = tempDir();
    dirs.push(dir);
    const file = join(dir, 'wordbench.db');
    openDatabase(file).close();
    chmodSync(file, 0o644);
    // An empty -wal of an older run (SQLite resets it rather than recreating it).
    writeFileSync(`${file}-wal`, '', { mode: 0o644 });
    chmodSync(`${file}-wal`, 0o644);
    const db = openDatabase(file);
    expect(modeOf(file)).toBe('600');
    expect(modeOf(`${file}-wal`)).toBe('600');
    db.close();
  });
});
