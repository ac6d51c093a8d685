import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Memory } from '../../shared/api/memories';
import type { Project } from '../../shared/api/projects';
import {
  apiClient,
  createOtherOrganization,
  createTestApp,
  snapshot,
  type TestApp,
} from '../test-support';

// Two organizations on one server: each must see only its own memories and projects, and a
// foreign id must answer exactly like an unknown one.
let t: TestApp;
let ours: ReturnType<typeof apiClient>;
let theirs: ReturnType<typeof apiClient>;
let ourMemory: Memory;
let ourProject: Project;
let theirMemory: Memory;
let theirProject: Project;

beforeAll(async () => {
  t = await createTestApp();
  ours = apiClient(t.app);
  theirs = apiClient(t.app, (await createOtherOrganization(t.storage)).key);
  const memory = { srclang: 'en', trglang: 'es' };
  ourMemory = (await ours.post('/v2/memories', { name: 'Ours', ...memory })).json();
  theirMemory = (await theirs.post('/v2/memories', { name: 'Theirs', ...memory })).json();
  ourProject = (await ours.post('/v2/projects', { name: 'Ours', memory_id: ourMemory.id })).json();
  theirProject = (
    await theirs.post('/v2/projects', { name: 'Theirs', memory_id: theirMemory.id })
  ).json();
});
afterAll(() => t.close());

describe('organization isolation', () => {
  it('lists only the caller’s own memories and projects', async () => {
    expect((await ours.get('/v2/memories')).json()).toEqual([ourMemory]);
    expect((await theirs.get('/v2/memories')).json()).toEqual([theirMemory]);
    expect((await ours.get('/v2/projects')).json()).toEqual([ourProject]);
    expect((await theirs.get('/v2/projects')).json()).toEqual([theirProject]);
    const both = `${ourProject.id},${theirProject.id}`;
    expect((await ours.get(`/v2/projects?id=${both}`)).json()).toEqual([ourProject]);
    expect((await ours.get(`/v2/projects?id=${theirProject.id}`)).json()).toEqual([]);
    expect((await ours.get('/v2/projects?srclang=en&trglang=es')).json()).toEqual([ourProject]);
  });

  it('answers a foreign memory id with the 404 of an unknown one, changing nothing', async () => {
    const before = await snapshot(t.storage);
    const id = theirMemory.id;
    const expected = { message: `Memory ${id} not found` };
    for (const response of [
      await ours.get(`/v2/memories?id=${id}`),
      await ours.put('/v2/memories', { id, name: 'Stolen' }),
      await ours.delete(`/v2/memories?id=${id}`),
      await ours.post('/v2/projects', { name: 'Sneaky', memory_id: id }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(expected);
    }
    expect(await snapshot(t.storage)).toEqual(before);
  });

  it('answers a foreign project id with the 404 of an unknown one, changing nothing', async () => {
    const before = await snapshot(t.storage);
    const id = theirProject.id;
    const expected = { message: `Project ${id} not found` };
    for (const response of [
      await ours.put('/v2/projects', { id, state: 'done', archived: true }),
      await ours.delete(`/v2/projects?id=${id}`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(expected);
    }
    expect(await snapshot(t.storage)).toEqual(before);
    expect((await theirs.get(`/v2/projects?id=${id}`)).json()).toEqual([theirProject]);
  });
});
