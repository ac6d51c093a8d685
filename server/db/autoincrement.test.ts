import { rmSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support';
import { tablesReusingIds } from './autoincrement';
import { openDatabase, type Database } from './db';
import { migrate, migrations, schemaVersion } from './migrations';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A database at schema 7 (ids reused), with foreign keys on as the server opens it. */
function databaseAtVersion7(): { db: Database; file: string } {
  const dir = tempDir();
  dirs.push(dir);
  const file = join(dir, 'wordbench.db');
  const db = new BetterSqlite3(file);
  db.pragma('foreign_keys = ON');
  migrate(
    db,
    migrations.filter((m) => m.version <= 7),
  );
  return { db, file };
}

function everyRow(db: Database): Record<string, unknown[]> {
  const tables = db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'sqlite_sequence' ORDER BY name",
    )
    .all();
  return Object.fromEntries(
    tables.map(({ name }) => [name, db.prepare(`SELECT * FROM "${name}" ORDER BY 1, 2`).all()]),
  );
}

function schemaObjects(db: Database): string[] {
  return db
    .prepare<[], { type: string; name: string }>(
      "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name",
    )
    .all()
    .map((o) => `${o.type} ${o.name}`);
}

function seed(db: Database): void {
  db.exec(`
    INSERT INTO organizations (id, name, created_at) VALUES (1, 'Acme', 0);
    INSERT INTO users (id, org_id, name, created_at) VALUES (1, 1, 'Ann', 0);
    INSERT INTO memories (id, org_id, name, srclang, trglang, created_at, updated_at)
      VALUES (1, 1, 'M', 'en', 'es', 0, 0);
    INSERT INTO projects (id, org_id, memory_id, name, srclang, trglang, created_at, updated_at)
      VALUES (1, 1, 1, 'P1', 'en', 'es', 0, 0), (7, 1, 1, 'P7', 'en', 'es', 0, 0);
    INSERT INTO documents (id, org_id, project_id, name, srclang, trglang, created_at, updated_at)
      VALUES (3, 1, 7, 'D', 'en', 'es', 0, 0);
    INSERT INTO document_skeletons (document_id, skeleton) VALUES (3, '{}');
    INSERT INTO segments (id, org_id, document_id, memory_id, source, created_at, updated_at)
      VALUES (5, 1, 3, 1, 'Hello', 0, 0);
    INSERT INTO comments (id, org_id, document_id, segment_id, segment_revision_id, user_id,
        text, created_at, updated_at)
      VALUES (9, 1, 3, 5, 1, 1, 'Why?', 0, 0);
  `);
}

describe('migration 8: ids are never reused', () => {
  it('rebuilds every id table as AUTOINCREMENT, keeping rows, indexes, triggers and keys', () => {
    const { db } = databaseAtVersion7();
    seed(db);
    const before = everyRow(db);
    const objects = schemaObjects(db);
    expect(tablesReusingIds(db).length).toBeGreaterThan(10);

    migrate(
      db,
      migrations.filter((m) => m.version <= 8),
    );

    expect(schemaVersion(db)).toBe(8);
    expect(tablesReusingIds(db)).toEqual([]);
    expect(everyRow(db)).toEqual(before);
    // The same tables, indexes and triggers as before (sqlite_sequence aside).
    expect(schemaObjects(db)).toEqual(objects);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');

    // The revision trigger survived the rebuild of segments.
    db.prepare("UPDATE segments SET target = 'Hola' WHERE id = 5").run();
    expect(db.prepare('SELECT revision FROM segments WHERE id = 5').get()).toEqual({ revision: 2 });
    // Cascades still work after the rebuild: the project takes its document, segment, comment.
    db.prepare('DELETE FROM projects WHERE id = 7').run();
    expect(db.prepare('SELECT count(*) AS n FROM comments').get()).toEqual({ n: 0 });

    // The highest id is gone; the next one is still new.
    const next = db
      .prepare(
        "INSERT INTO projects (org_id, memory_id, name, srclang, trglang, created_at, updated_at) VALUES (1, 1, 'P', 'en', 'es', 0, 0)",
      )
      .run();
    expect(Number(next.lastInsertRowid)).toBe(8);
    db.close();
  });

  it('leaves a new database with no table that reuses ids', () => {
    const dir = tempDir();
    dirs.push(dir);
    const db = openDatabase(join(dir, 'wordbench.db'));
    expect(tablesReusingIds(db)).toEqual([]);
    db.close();
  });
});
