import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProjects } from '../../bench/seed-projects';
import { PROJECT_STATES, type Project } from '../../shared/api/projects';
import { apiClient, createTestApp, type TestApp } from '../test-support';

// The benchmark seed (bench/seed-projects.ts) is shared with the board benchmark: its data must
// be what the API would have made, and the same for the same seed.
let t: TestApp;
let seeded: Awaited<ReturnType<typeof seedProjects>>;

beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedProjects(t.db, { count: 1000, seed: 7 });
});
afterAll(() => t.close());

describe('seedProjects', () => {
  it('fills the first organization with valid projects spread as documented', async () => {
    expect(seeded.memoryIds).toHaveLength(5);
    expect(seeded.projectIds).toHaveLength(1000);
    const response = await apiClient(t.app).get('/v2/projects');
    expect(response.statusCode).toBe(200);
    const projects = response.json<Project[]>();
    expect(projects).toHaveLength(1000);
    for (const state of PROJECT_STATES) {
      expect(projects.filter((p) => p.state === state).length).toBeGreaterThan(120);
    }
    const share = (test: (p: Project) => boolean) => projects.filter(test).length / 1000;
    expect(share((p) => p.archived)).toBeGreaterThan(0.05);
    expect(share((p) => p.archived)).toBeLessThan(0.15);
    expect(share((p) => p.due_date !== null)).toBeGreaterThan(0.6);
    expect(share((p) => p.due_date !== null)).toBeLessThan(0.8);
    const now = Date.now() / 1000;
    expect(share((p) => p.due_date !== null && p.due_date < now)).toBeGreaterThan(0.3);
    expect(Math.min(...projects.map((p) => p.created_at))).toBeGreaterThan(now - 366 * 86_400);
    const documents = projects.reduce((sum, p) => sum + p.document.length, 0) / 1000;
    expect(documents).toBeGreaterThan(1.7);
    expect(documents).toBeLessThan(2.3);
    expect(Math.max(...projects.map((p) => p.document.length))).toBe(4);
  });

  it('records a history that ends in each project’s state', () => {
    const last = t.db
      .prepare(
        `SELECT count(*) AS n FROM projects p WHERE p.state = (SELECT to_state
           FROM project_state_changes c WHERE c.project_id = p.id ORDER BY c.id DESC LIMIT 1)`,
      )
      .get();
    expect(last).toEqual({ n: 1000 });
  });

  it('is deterministic for a seed', async () => {
    const other = await createTestApp();
    await seedProjects(other.db, { count: 1000, seed: 7 });
    const columns = 'name, state, archived, memory_id, metadata';
    const rows = (db: TestApp['db']) =>
      db.prepare(`SELECT ${columns} FROM projects ORDER BY id`).all();
    expect(rows(other.db)).toEqual(rows(t.db));
    await other.close();
  });
});
