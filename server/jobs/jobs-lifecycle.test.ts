import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../shared/api/jobs';
import type { Project } from '../../shared/api/projects';
import { createProjectStore } from '../projects/store';
import {
  apiClient,
  basic,
  countRows,
  createOtherOrganization,
  createTestApp,
  type TestApp,
} from '../test-support';
import { createJobNow, jobBody, jobWorld } from './test-support';

let t: TestApp;
let api: ReturnType<typeof apiClient>;
let world: Awaited<ReturnType<typeof jobWorld>>;

beforeAll(async () => {
  t = await createTestApp({ mt: null });
  api = apiClient(t.app);
  world = await jobWorld(t.app);
});
afterAll(() => t.close());

const newJob = (name = 'Job') => createJobNow(t.app, jobBody(world, { name }));
const message = (response: { json: () => unknown }) =>
  (response.json() as { message: string }).message;

describe('PUT /v2/jobs/{jobId}', () => {
  it('changes only the fields present; dueDate in seconds or due in ISO', async () => {
    const job = await newJob();
    const renamed = await api.put(`/v2/jobs/${job.id}`, {
      name: 'Renamed',
      dueDate: 1_900_000_000,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Job>()).toMatchObject({
      name: 'Renamed',
      due: new Date(1_900_000_000_000).toISOString(),
    });
    const iso = await api.put(`/v2/jobs/${job.id}`, { due: '2030-01-02T03:04:05Z' });
    expect(iso.json<Job>()).toMatchObject({ name: 'Renamed', due: '2030-01-02T03:04:05.000Z' });
    const flagged = await api.put(`/v2/jobs/${job.id}`, {
      isProcessing: '-2',
      processingErrorMsg: 'stuck',
    });
    expect(flagged.json<Job>()).toMatchObject({ isProcessing: -2, processingErrorMsg: 'stuck' });
    const empty = await api.put(`/v2/jobs/${job.id}`, {});
    expect(empty.statusCode).toBe(200);
  });

  it('refuses bad values and a delivered job, in words', async () => {
    const job = await newJob();
    const bad = await api.put(`/v2/jobs/${job.id}`, { isProcessing: 5 });
    expect(bad.statusCode).toBe(400);
    expect(message(bad)).toContain('isProcessing');
    await api.post(`/v2/jobs/${job.id}/deliver`);
    const refused = await api.put(`/v2/jobs/${job.id}`, { name: 'Late' });
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe(
      `Job ${job.id} is delivered and cannot be edited: reactivate it first`,
    );
    expect((await api.get(`/v2/jobs/${job.id}`)).json<Job>().name).toBe('Job');
  });
});

describe('archive, unarchive, deliver, reactivate', () => {
  it('delivers: every project done with its move recorded, then reactivates', async () => {
    const job = await newJob();
    const delivered = await api.post(`/v2/jobs/${job.id}/deliver`);
    expect(delivered.statusCode, delivered.body).toBe(200);
    const after = delivered.json<Job>();
    expect(after.status).toBe('delivered');
    expect(after.deliveredAt).toEqual(expect.any(String));
    expect(after.stats).toMatchObject({ numDeliveredProjects: 2, workflowStatus: 'DONE' });
    const store = createProjectStore(t.storage);
    for (const project of after.stats.projects) {
      expect(project).toMatchObject({ state: 'done', isComplete: true });
      const moves = await store.stateChanges(project.id);
      expect(moves.at(-1)).toMatchObject({ fromState: 'backlog', toState: 'done' });
    }
    const reactivated = await api.post(`/v2/jobs/${job.id}/reactivate`);
    expect(reactivated.json<Job>()).toMatchObject({ status: 'active', deliveredAt: null });
    const again = await api.post(`/v2/jobs/${job.id}/reactivate`);
    expect(again.json<Job>().status).toBe('active');
  });

  it('archives and unarchives back to what the job was', async () => {
    const job = await newJob();
    const archived = await api.post(`/v2/jobs/${job.id}/archive`);
    expect(archived.json<Job>().status).toBe('archived');
    const listed = (await api.get('/v2/jobs?isArchived=true')).json<Job[]>();
    expect(listed.map((j) => j.id)).toContain(job.id);
    const deliver = await api.post(`/v2/jobs/${job.id}/deliver`);
    expect(deliver.statusCode).toBe(409);
    expect(message(deliver)).toBe(`Job ${job.id} is archived: unarchive it before delivering`);
    const reactivate = await api.post(`/v2/jobs/${job.id}/reactivate`);
    expect(reactivate.statusCode).toBe(409);
    expect((await api.post(`/v2/jobs/${job.id}/unarchive`)).json<Job>().status).toBe('active');
    await api.post(`/v2/jobs/${job.id}/deliver`);
    await api.post(`/v2/jobs/${job.id}/archive`);
    expect((await api.post(`/v2/jobs/${job.id}/unarchive`)).json<Job>().status).toBe('delivered');
  });
});

describe('DELETE /v2/jobs/{jobId}', () => {
  it('removes the projects and documents, keeps the memories, never reuses the id', async () => {
    const job = await newJob();
    const documentsBefore = (await countRows(t.storage.db, 'documents')).n;
    const deleted = await api.delete(`/v2/jobs/${job.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ id: job.id });
    expect((await countRows(t.storage.db, 'documents')).n).toBe(documentsBefore - 6);
    for (const project of job.stats.projects) {
      expect((await api.get(`/v2/projects?id=${project.id}`)).json<Project[]>()).toEqual([]);
    }
    expect((await api.get(`/v2/memories?id=${world.es}`)).statusCode).toBe(200);
    expect((await api.get(`/v2/jobs/${job.id}`)).statusCode).toBe(404);
    expect((await api.delete(`/v2/jobs/${job.id}`)).statusCode).toBe(404);
    const next = await newJob();
    expect(next.id).toBeGreaterThan(job.id);
  });
});

describe("another organization's jobs", () => {
  it('answer 404 on every route, as an unknown id, and change nothing', async () => {
    const job = await newJob('Ours');
    const other = await createOtherOrganization(t.storage);
    const theirs = apiClient(t.app, other.key);
    const calls = [
      theirs.get(`/v2/jobs/${job.id}`),
      theirs.put(`/v2/jobs/${job.id}`, { name: 'Stolen' }),
      theirs.delete(`/v2/jobs/${job.id}`),
      theirs.post(`/v2/jobs/${job.id}/stats`),
      theirs.post(`/v2/jobs/${job.id}/archive`),
      theirs.post(`/v2/jobs/${job.id}/unarchive`),
      theirs.post(`/v2/jobs/${job.id}/deliver`),
      theirs.post(`/v2/jobs/${job.id}/reactivate`),
      theirs.get(`/v2/jobs/${job.id}/export?type=files`),
      theirs.get(`/v2/jobs/${job.id}/download`),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ message: `Job ${job.id} not found` });
    }
    expect((await theirs.get('/v2/jobs')).json()).toEqual([]);
    expect((await api.get(`/v2/jobs/${job.id}`)).json<Job>()).toMatchObject({
      name: 'Ours',
      status: 'active',
    });
  });
});

describe('PUT without a body', () => {
  it('changes nothing and answers the job (the body is optional)', async () => {
    const job = await newJob('Unchanged');
    const response = await t.app.inject({
      method: 'PUT',
      url: `/v2/jobs/${job.id}`,
      headers: { authorization: basic(t.key) },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Job>().name).toBe('Unchanged');
  });
});
