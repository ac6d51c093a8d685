import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../shared/api/jobs';
import type { Project } from '../../shared/api/projects';
import { apiClient, createOtherOrganization, createTestApp, type TestApp } from '../test-support';

let t: TestApp;
let api: ReturnType<typeof apiClient>;
let memoryId: number;

beforeAll(async () => {
  t = await createTestApp({ mt: null });
  api = apiClient(t.app);
  const memory = await api.post('/v2/memories', { name: 'M', srclang: 'en', trglang: 'es' });
  memoryId = memory.json<{ id: number }>().id;
});
afterAll(() => t.close());

describe('POST /v2/projects and its job', () => {
  it('makes a new job for a project without job_id (API.md 5)', async () => {
    const created = await api.post('/v2/projects', {
      name: 'Website',
      memory_id: memoryId,
      due_date: 1_900_000_000,
    });
    expect(created.statusCode, created.body).toBe(200);
    const project = created.json<Project>();
    expect(project.job_id).toEqual(expect.any(Number));
    const job = (await api.get(`/v2/jobs/${project.job_id}`)).json<Job>();
    expect(job).toMatchObject({
      name: 'Website',
      creationStatus: 'COMPLETE',
      status: 'active',
      srcLang: 'en',
      due: new Date(1_900_000_000_000).toISOString(),
    });
    expect(job.stats).toMatchObject({ numProjects: 1, numLanguagePairs: 1 });
    expect(job.stats.projects.map((p) => p.id)).toEqual([project.id]);
  });

  it('adds a project to the job job_id names', async () => {
    const first = (await api.post('/v2/projects', { name: 'A', memory_id: memoryId })).json();
    const second = await api.post('/v2/projects', {
      name: 'B',
      memory_id: memoryId,
      job_id: first.job_id,
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<Project>().job_id).toBe(first.job_id);
    const job = (await api.get(`/v2/jobs/${first.job_id}`)).json<Job>();
    expect(job.stats.numProjects).toBe(2);
    expect(job.stats.numLanguagePairs).toBe(2);
  });

  it("refuses a job that is not the organization's, and creates nothing", async () => {
    const other = await createOtherOrganization(t.storage);
    const otherApi = apiClient(t.app, other.key);
    const memory = await otherApi.post('/v2/memories', { name: 'O', srclang: 'en', trglang: 'es' });
    const theirs = await otherApi.post('/v2/projects', {
      name: 'Theirs',
      memory_id: memory.json<{ id: number }>().id,
    });
    const before = (await api.get('/v2/projects')).json<Project[]>().length;
    for (const jobId of [theirs.json<Project>().job_id, 999_999]) {
      const refused = await api.post('/v2/projects', {
        name: 'X',
        memory_id: memoryId,
        job_id: jobId,
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: `job_id: job ${jobId} not found` });
    }
    expect((await api.get('/v2/projects')).json<Project[]>()).toHaveLength(before);
  });
});
