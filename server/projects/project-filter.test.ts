import { describe, expect, it } from 'vitest';
import { projectWhere } from './project-filter';

describe('projectWhere', () => {
  it('scopes to the organization and binds every value, never inlining it', () => {
    const where = projectWhere(4, { ids: [1, 2], srclang: "en' OR 1=1", includeArchived: false });
    expect(where.sql).toBe(
      'p.org_id = ? AND p.id IN (SELECT value FROM json_each(?)) AND p.srclang = ? AND p.archived = ?',
    );
    expect(where.params).toEqual([4, '[1,2]', "en' OR 1=1", 0]);
  });

  it('gives one key per combination of filters, whatever their values', () => {
    const a = projectWhere(1, { state: 'done', fromTime: 5 });
    const b = projectWhere(2, { state: 'backlog', fromTime: 9 });
    const c = projectWhere(1, { state: 'done' });
    expect(a.key).toBe(b.key);
    expect(a.sql).toBe(b.sql);
    expect(c.key).not.toBe(a.key);
    // archived=true (the default) does not filter at all.
    expect(projectWhere(1, { includeArchived: true }).key).toBe(projectWhere(1, {}).key);
  });
});
