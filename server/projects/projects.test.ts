import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Memory } from '../../shared/api/memories';
import type { Project } from '../../shared/api/projects';
import { defaultUser } from '../db/bootstrap';
import { createDocumentStore } from '../documents/queries';
import { createProjectStore } from './store';
import { apiClient, createTestApp, snapshot, type TestApp } from '../test-support';

const T = 1_750_000_000;
let t: TestApp;
let api: ReturnType<typeof apiClient>;
let memory: Memory;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
  userId = (await defaultUser(t.storage.db))?.userId ?? 0;
  const created = await api.post('/v2/memories', {
    name: 'Spanish (Mexico)',
    srclang: 'en',
    trglang: 'es',
    trglocale: 'MX',
  });
  memory = created.json();
});
afterAll(() => t.close());

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T * 1000);
});
afterEach(() => vi.useRealTimers());

async function createProject(body: object = {}): Promise<Project> {
  const response = await api.post('/v2/projects', {
    name: 'Website',
    memory_id: memory.id,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const changes = (projectId: number) => createProjectStore(t.storage).stateChanges(projectId);

describe('POST /v2/projects', () => {
  it('creates a project in backlog with the language pair and locales of its memory', async () => {
    // A project made without a job gets a new job of its own; this one joins that job.
    const { job_id: jobId } = await createProject();
    const project = await createProject({
      job_id: jobId!,
      due_date: T + 86_400,
      metadata: { client: 'Acme' },
      workflowTemplateId: 3,
      // Fields of the newer SDK are accepted and ignored.
      llm_provider: 'neural',
    });
    expect(project).toEqual({
      id: expect.any(Number),
      memory_id: memory.id,
      job_id: jobId,
      srclang: 'en',
      trglang: 'es',
      srclocale: null,
      trglocale: 'MX',
      name: 'Website',
      state: 'backlog',
      due_date: T + 86_400,
      archived: false,
      metadata: { client: 'Acme' },
      sample_review_percentage: null,
      created_at: T,
      updated_at: T,
      workflowStatus: 'READY_TO_START',
      moved_by: null,
      workflowTemplateId: 3,
      workflowStage: 'READY_TO_START',
      segments_total: 0,
      segments_confirmed: 0,
      words_total: 0,
      words_confirmed: 0,
      document: [],
    });
    expect(await changes(project.id)).toEqual([
      {
        id: expect.any(Number),
        projectId: project.id,
        fromState: null,
        toState: 'backlog',
        userId,
        changedAt: T,
      },
    ]);
  });

  it('answers 404 for an unknown memory and creates nothing', async () => {
    const before = await snapshot(t.storage);
    const response = await api.post('/v2/projects', { name: 'Orphan', memory_id: 99999 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Memory 99999 not found' });
    expect(await snapshot(t.storage)).toEqual(before);
  });

  it.each([
    [{ memory_id: 1 }, 'body field name: is required'],
    [{ name: 'No memory' }, 'body field memory_id: is required'],
    [{ name: 5, memory_id: 1 }, 'body field name: must be string'],
    [{ name: '   ', memory_id: 1 }, 'body field name: must be a name of 1 to 255 characters'],
    [{ name: 'A', memory_id: '1' }, 'body field memory_id: must be integer'],
    [{ name: 'A', memory_id: 1, due_date: -5 }, 'body field due_date: must be >= 0'],
    [{ name: 'A', memory_id: 1, metadata: { a: 1 } }, 'body field metadata.a: must be string'],
    [{ name: 'A', memory_id: 1, job_id: 'x' }, 'body field job_id: must be integer'],
  ])('refuses %j with a 400 that names the field, changing nothing', async (body, message) => {
    const before = await snapshot(t.storage);
    const response = await api.post('/v2/projects', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await snapshot(t.storage)).toEqual(before);
  });

  it('refuses a missing or malformed body', async () => {
    const before = await snapshot(t.storage);
    expect((await api.post('/v2/projects')).statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/v2/projects',
      headers: { key: t.key, 'content-type': 'application/json' },
      payload: '{"name": "A", ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await snapshot(t.storage)).toEqual(before);
  });
});

describe('PUT /v2/projects', () => {
  it('moves a project, recording who moved it from which state to which, and when', async () => {
    const project = await createProject();
    vi.setSystemTime((T + 60) * 1000);
    const moved = await api.put('/v2/projects', { id: project.id, state: 'inReview' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      state: 'inReview',
      workflowStatus: 'IN_PROGRESS',
      created_at: T,
      updated_at: T + 60,
    });
    vi.setSystemTime((T + 120) * 1000);
    const done = await api.put('/v2/projects', { id: project.id, state: 'done' });
    expect(done.json()).toMatchObject({ state: 'done', workflowStatus: 'DONE' });
    expect(
      (await changes(project.id)).map(({ fromState, toState, userId: who, changedAt }) => ({
        fromState,
        toState,
        who,
        changedAt,
      })),
    ).toEqual([
      { fromState: null, toState: 'backlog', who: userId, changedAt: T },
      { fromState: 'backlog', toState: 'inReview', who: userId, changedAt: T + 60 },
      { fromState: 'inReview', toState: 'done', who: userId, changedAt: T + 120 },
    ]);
  });

  it('changes only the fields present, and records no move when the state stays', async () => {
    const project = await createProject({ due_date: T + 10, metadata: { a: 'b' } });
    await api.put('/v2/projects', { id: project.id, state: 'inQA' });
    const renamed = await api.put('/v2/projects', {
      id: project.id,
      name: 'Renamed',
      state: 'inQA',
    });
    expect(renamed.json()).toEqual({
      ...project,
      name: 'Renamed',
      state: 'inQA',
      workflowStatus: 'IN_PROGRESS',
      moved_by: 'Owner',
    });
    const edited = await api.put('/v2/projects', {
      id: project.id,
      due_date: null,
      archived: true,
      metadata: { c: 'd' },
      sample_review_percentage: 25,
    });
    expect(edited.json()).toEqual({
      ...renamed.json(),
      due_date: null,
      archived: true,
      metadata: { c: 'd' },
      sample_review_percentage: 25,
    });
    expect((await changes(project.id)).map((change) => change.toState)).toEqual([
      'backlog',
      'inQA',
    ]);
    // Nothing to change (only the id, or fields it does not take): not even updated_at moves.
    vi.setSystemTime((T + 5) * 1000);
    for (const body of [{ id: project.id }, { id: project.id, memory_id: 99, job_type: 'x' }]) {
      expect((await api.put('/v2/projects', body)).json()).toEqual(edited.json());
    }
  });

  it.each([
    [{ id: 1, state: 'finished' }, 'body field state: must be one of backlog, inProgress'],
    [{ state: 'done' }, 'body field id: is required'],
    [{ id: 'abc', state: 'done' }, 'body field id: must be integer'],
    [{ id: 1, archived: 'yes' }, 'body field archived: must be boolean'],
    [{ id: 1, due_date: 'soon' }, 'body field due_date: must be integer or null'],
    [
      { id: 1, sample_review_percentage: 101 },
      'body field sample_review_percentage: must be <= 100',
    ],
    [{ id: 1, name: '' }, 'body field name: must NOT have fewer than 1 characters'],
  ])('refuses %j with a 400 that names the field, changing nothing', async (body, message) => {
    const before = await snapshot(t.storage);
    const response = await api.put('/v2/projects', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await snapshot(t.storage)).toEqual(before);
  });

  it('answers 404 for an unknown project, changing nothing', async () => {
    const before = await snapshot(t.storage);
    const response = await api.put('/v2/projects', { id: 99999, state: 'done' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Project 99999 not found' });
    expect(await snapshot(t.storage)).toEqual(before);
  });
});

describe('DELETE /v2/projects', () => {
  it('deletes the project with its documents and state history', async () => {
    const project = await createProject();
    await api.put('/v2/projects', { id: project.id, state: 'inProgress' });
    const owner = await defaultUser(t.storage.db);
    await createDocumentStore(t.storage).add(owner?.orgId ?? 0, project.id, { name: 'a.docx' });
    const response = await api.delete(`/v2/projects?id=${project.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: project.id, deleted: true });
    expect((await api.get(`/v2/projects?id=${project.id}`)).json()).toEqual([]);
    const count = (table: 'documents' | 'project_state_changes') =>
      t.storage.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('project_id', '=', project.id)
        .executeTakeFirst();
    expect(await count('documents')).toEqual({ n: 0 });
    expect(await count('project_state_changes')).toEqual({ n: 0 });
    const again = await api.delete(`/v2/projects?id=${project.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: `Project ${project.id} not found` });
  });

  it.each([
    ['', 'query parameter id: is required'],
    ['?id=abc', 'query parameter id: must be integer'],
    ['?id=1,2', 'query parameter id: must be integer'],
    ['?id=0', 'query parameter id: must be >= 1'],
  ])('refuses "%s" with a 400, changing nothing', async (query, message) => {
    await createProject();
    const before = await snapshot(t.storage);
    const response = await api.delete(`/v2/projects${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await snapshot(t.storage)).toEqual(before);
  });
});
