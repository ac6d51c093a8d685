import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../shared/api/projects';
import { createKey } from '../db/keys';
import { ensureMemberIn } from '../db/organizations';
import { createProject } from '../documents/test-support';
import { apiClient, createTestApp, type TestApp } from '../test-support';

let t: TestApp;
let ana: ReturnType<typeof apiClient>;

beforeAll(async () => {
  t = await createTestApp({ mt: null });
  // A teammate in the bootstrap organization, as `keys create --user Ana` makes one.
  const key = await t.storage.transaction(async (tx) => {
    const member = await ensureMemberIn(tx, t.storage.dialect, undefined, 'Ana');
    return (await createKey(tx, member.userId)).key;
  });
  ana = apiClient(t.app, key);
});
afterAll(() => t.close());

describe('moved_by: who moved a project last (a shared board)', () => {
  it('is null until a move, then names whoever made the last one, in answers and lists', async () => {
    const owner = apiClient(t.app);
    const project = await createProject(t.app);
    expect(project.moved_by).toBeNull();

    const byOwner = await owner.put('/v2/projects', { id: project.id, state: 'inProgress' });
    expect((byOwner.json() as Project).moved_by).toBe('Owner');
    const byAna = await ana.put('/v2/projects', { id: project.id, state: 'inReview' });
    expect((byAna.json() as Project).moved_by).toBe('Ana');

    // A change that is no move (a rename) keeps the last mover.
    await owner.put('/v2/projects', { id: project.id, name: 'Renamed' });
    const listed = (await owner.get('/v2/projects')).json() as Project[];
    expect(listed.find((p) => p.id === project.id)).toMatchObject({
      name: 'Renamed',
      state: 'inReview',
      moved_by: 'Ana',
    });
    const one = (await ana.get(`/v2/projects?id=${project.id}`)).json() as Project[];
    expect(one[0]?.moved_by).toBe('Ana');
  });
});
