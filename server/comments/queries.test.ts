import { rmSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support';
import { sqliteStorage } from '../db/storage';
import { commentQueries } from './queries';
import { openDatabase, type Database } from '../db/db';
import { migrate, migrations } from '../db/migrations';
import { createOrganization, createUser } from '../db/organizations';

const dirs: string[] = [];
function dbFile(): string {
  const dir = tempDir();
  dirs.push(dir);
  return join(dir, 'wordbench.db');
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An organization with a user, and a document with one segment, written as plain rows. */
async function seed(db: Database) {
  const accounts = sqliteStorage(db).db;
  const orgId = await createOrganization(accounts, 'Acme');
  const userId = await createUser(accounts, orgId, 'Ana');
  const run = (sql: string, ...values: unknown[]) =>
    Number(db.prepare(sql).run(...values).lastInsertRowid);
  const memoryId = run(
    `INSERT INTO memories (org_id, name, srclang, trglang, created_at, updated_at)
     VALUES (?, 'M', 'en', 'es', 0, 0)`,
    orgId,
  );
  const projectId = run(
    `INSERT INTO projects (org_id, memory_id, name, srclang, trglang, created_at, updated_at)
     VALUES (?, ?, 'P', 'en', 'es', 0, 0)`,
    orgId,
    memoryId,
  );
  const documentId = run(
    `INSERT INTO documents (org_id, project_id, name, srclang, trglang, created_at, updated_at)
     VALUES (?, ?, 'd.txt', 'en', 'es', 0, 0)`,
    orgId,
    projectId,
  );
  const segmentId = run(
    `INSERT INTO segments (org_id, document_id, memory_id, source, created_at, updated_at)
     VALUES (?, ?, ?, 'Hello.', 0, 0)`,
    orgId,
    documentId,
    memoryId,
  );
  return { orgId, userId, documentId, segmentId };
}

const revisionOf = (db: Database, id: number) =>
  (db.prepare('SELECT revision FROM segments WHERE id = ?').get(id) as { revision: number })
    .revision;

describe('migration 6: segment revisions', () => {
  it('gives the segments of an existing database revision 1', async () => {
    const file = dbFile();
    const old = new BetterSqlite3(file);
    old.pragma('foreign_keys = ON');
    migrate(
      old,
      migrations.filter((m) => m.version <= 5),
    );
    const { segmentId } = await seed(old);
    old.close();
    const db = openDatabase(file);
    expect(revisionOf(db, segmentId)).toBe(1);
    db.close();
  });

  it('counts changes of target or confirmation, whoever writes them, and nothing else', async () => {
    const db = openDatabase(dbFile());
    const { segmentId } = await seed(db);
    const update = (sql: string) => db.prepare(sql).run(segmentId);
    update("UPDATE segments SET target = 'Hola.' WHERE id = ?");
    expect(revisionOf(db, segmentId)).toBe(2);
    update("UPDATE segments SET target = 'Hola.', updated_at = 5 WHERE id = ?");
    expect(revisionOf(db, segmentId)).toBe(2);
    update('UPDATE segments SET is_confirmed = 1 WHERE id = ?');
    expect(revisionOf(db, segmentId)).toBe(3);
    update("UPDATE segments SET is_reviewed = 1, note = 'n' WHERE id = ?");
    expect(revisionOf(db, segmentId)).toBe(3);
    db.close();
  });
});

describe('comment store', () => {
  it('gives a new time only to the comments a thread resolution changes', async () => {
    const db = openDatabase(dbFile());
    const { orgId, userId, documentId, segmentId } = await seed(db);
    const store = commentQueries(sqliteStorage(db).db);
    const base = { orgId, documentId, segmentId, segmentRevision: 1, userId, annotations: [] };
    const open = await store.insert({ ...base, text: 'a', isResolved: false, now: 10 });
    const done = await store.insert({ ...base, text: 'b', isResolved: true, now: 10 });
    await store.resolveSegment(segmentId, true, 20);
    const thread = await store.listBySegment(segmentId, userId);
    expect(thread.map((c) => [c.id, c.is_resolved, c.updated_at, c.is_mine])).toEqual([
      [open, true, 20, true],
      [done, true, 10, true],
    ]);
    const others = await store.listBySegment(segmentId, userId + 1);
    expect(others.every((c) => !c.is_mine)).toBe(true);
    db.close();
  });

  it('refuses annotations that are not a JSON array', async () => {
    const db = openDatabase(dbFile());
    const { orgId, userId, documentId, segmentId } = await seed(db);
    const insert = db.prepare(
      `INSERT INTO comments (org_id, document_id, segment_id, segment_revision_id, user_id, text,
         annotations, created_at, updated_at) VALUES (?, ?, ?, 1, ?, 'x', ?, 0, 0)`,
    );
    for (const annotations of ['{"text":"a"}', 'not json']) {
      expect(() => insert.run(orgId, documentId, segmentId, userId, annotations)).toThrow(/CHECK/);
    }
    db.close();
  });

  it('goes with its organization, authors and all, in one statement', async () => {
    const db = openDatabase(dbFile());
    const { orgId, userId, documentId, segmentId } = await seed(db);
    await commentQueries(sqliteStorage(db).db).insert({
      orgId,
      documentId,
      segmentId,
      segmentRevision: 1,
      userId,
      text: 'x',
      annotations: [],
      isResolved: false,
      now: 0,
    });
    db.prepare('DELETE FROM organizations WHERE id = ?').run(orgId);
    expect(db.prepare('SELECT count(*) AS n FROM comments').get()).toEqual({ n: 0 });
    db.close();
  });
});
