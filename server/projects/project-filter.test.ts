import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteStorage } from '../db/storage';
import { projectWhere, type ProjectFilter } from './project-filter';

// Only compiled, never run: an empty in-memory database is enough.
const database = new BetterSqlite3(':memory:');
const { db } = sqliteStorage(database);
afterAll(() => database.close());

const compile = (orgId: number, filter: ProjectFilter) =>
  db.selectFrom('projects as p').select('p.id').where(projectWhere(orgId, filter)).compile();

describe('projectWhere', () => {
  it('scopes to the organization and binds every value, never inlining it', () => {
    const where = compile(4, { ids: [1, 2], srclang: "en' OR 1=1", includeArchived: false });
    expect(where.sql).toBe(
      'select "p"."id" from "projects" as "p" where ("p"."org_id" = ? and "p"."id" in (?, ?) ' +
        'and "p"."srclang" = ? and "p"."archived" = ?)',
    );
    expect(where.parameters).toEqual([4, 1, 2, "en' OR 1=1", 0]);
  });

  it('binds each distinct id once, and selects nothing for an empty list', () => {
    expect(compile(1, { ids: [3, 3, 5] }).parameters).toEqual([1, 3, 5]);
    const none = compile(1, { ids: [] });
    expect(none.sql).toBe(
      'select "p"."id" from "projects" as "p" where ("p"."org_id" = ? and false)',
    );
    expect(none.parameters).toEqual([1]);
  });

  it('gives one SQL text per combination of filters, whatever their values', () => {
    const a = compile(1, { state: 'done', fromTime: 5 });
    const b = compile(2, { state: 'backlog', fromTime: 9 });
    const c = compile(1, { state: 'done' });
    expect(a.sql).toBe(b.sql);
    expect(c.sql).not.toBe(a.sql);
    // archived=true (the default) does not filter at all.
    expect(compile(1, { includeArchived: true }).sql).toBe(compile(1, {}).sql);
  });
});
