import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../shared/api/projects';
import type { Segment } from '../../shared/api/segments';
import type { WorkflowTemplate } from '../../shared/api/workflows';
import { getDocument, uploadDocument } from '../documents/test-support';
import { createMemory } from '../memories/test-support';
import {
  apiClient,
  createOtherOrganization,
  createTestApp,
  snapshot,
  type TestApp,
} from '../test-support';

// Issue 15: projects follow their workflow template's stages (on both backends).
let t: TestApp;
let api: ReturnType<typeof apiClient>;
let memoryId: number;

beforeAll(async () => {
  t = await createTestApp({ mt: null });
  api = apiClient(t.app);
  memoryId = (await createMemory(t.app)).id;
});
afterAll(() => t.close());

async function createProject(fields: object = {}): Promise<Project> {
  const response = await api.post('/v2/projects', { name: 'Help', memory_id: memoryId, ...fields });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function move(id: number, state: string) {
  return api.put('/v2/projects', { id, state });
}

async function projectNow(id: number): Promise<Project> {
  const [project] = (await api.get(`/v2/projects?id=${id}`)).json<Project[]>();
  if (!project) throw new Error(`project ${id} not listed`);
  return project;
}

/** A project on `templateId` in inProgress with one document of two segments; their ids. */
async function projectAtWork(templateId: number) {
  const project = await createProject({ workflowTemplateId: templateId });
  expect((await move(project.id, 'inProgress')).statusCode).toBe(200);
  const document = await uploadDocument(t.app, project.id, 'a.txt', 'Open files.\n\nSave them.\n');
  const segments = (await getDocument(t.app, document.id)).segments.map((s) => s.id);
  expect(segments).toHaveLength(2);
  return { project, documentId: document.id, segments };
}

describe('GET /v2/workflows/templates', () => {
  it('lists the three templates with their stages, TeamId the caller organization', async () => {
    const response = await api.get('/v2/workflows/templates');
    expect(response.statusCode, response.body).toBe(200);
    const templates = response.json<WorkflowTemplate[]>();
    expect(templates.map((w) => [w.id, w.name, w.stages.map((s) => s.assignmentType)])).toEqual([
      [1, 'Translate only', ['READY_TO_START', 'TRANSLATE', 'DONE']],
      [2, 'Translate > Review', ['READY_TO_START', 'TRANSLATE', 'REVIEW', 'DONE']],
      [
        3,
        'Translate > Review > Secondary review',
        ['READY_TO_START', 'TRANSLATE', 'REVIEW', 'SECONDARY_REVIEW', 'DONE'],
      ],
    ]);
    const other = await createOtherOrganization(t.storage);
    const theirs = (await apiClient(t.app, other.key).get('/v2/workflows/templates')).json<
      WorkflowTemplate[]
    >();
    expect(theirs.every((w) => w.TeamId === other.orgId)).toBe(true);
    expect(templates.every((w) => w.TeamId !== other.orgId)).toBe(true);
  });

  it('answers 401 without a key', async () => {
    const response = await t.app.inject({ url: '/v2/workflows/templates' });
    expect(response.statusCode).toBe(401);
  });
});

describe('projects with a workflow template', () => {
  it('take one by id or by name; an unknown one is a 400 that creates nothing', async () => {
    const byName = await createProject({ workflow_template_name: ' translate > review ' });
    expect(byName).toMatchObject({
      workflowTemplateId: 2,
      workflowStage: 'READY_TO_START',
      workflowStatus: 'READY_TO_START',
    });
    const before = await snapshot(t.storage);
    for (const [fields, message] of [
      [{ workflowTemplateId: 9 }, /workflowTemplateId: no workflow template 9/],
      [{ workflow_template_name: 'Proofread' }, /workflow_template_name: no workflow template/],
      [{ workflowTemplateId: 1, workflow_template_name: 'Translate > Review' }, /agree/],
    ] as const) {
      const response = await api.post('/v2/projects', {
        name: 'X',
        memory_id: memoryId,
        ...fields,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    expect(await snapshot(t.storage)).toEqual(before);
    expect(await createProject()).toMatchObject({ workflowTemplateId: null, workflowStage: null });
  });

  it('move only through their stages: 409 in words, and nothing changes', async () => {
    const project = await createProject({ workflowTemplateId: 1 });
    const before = await snapshot(t.storage);
    for (const state of ['inReview', 'inQA']) {
      const response = await move(project.id, state);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json<{ message: string }>().message).toContain(
        state === 'inReview'
          ? "'Translate only' has no review stage"
          : "'Translate only' has no secondary review stage",
      );
    }
    expect(await snapshot(t.storage)).toEqual(before);
    const moved = (await move(project.id, 'done')).json<Project>();
    expect(moved).toMatchObject({ state: 'done', workflowStage: 'DONE', workflowStatus: 'DONE' });

    // Without a template, any state as before.
    const free = await createProject();
    expect((await move(free.id, 'inQA')).json<Project>()).toMatchObject({ state: 'inQA' });
  });

  it('move on when the last segment of TRANSLATE is confirmed, by whoever confirmed it', async () => {
    const { project, segments } = await projectAtWork(1);
    const [first, second] = segments as [number, number];
    await api.put('/v2/segments', { id: first, target: 'Abra archivos.' });
    expect((await projectNow(project.id)).state).toBe('inProgress');
    // A draft is not a confirmation.
    await api.put('/v2/segments', { id: second, target: 'Guárdelos.', is_confirmed: false });
    expect((await projectNow(project.id)).state).toBe('inProgress');
    const confirmed = await api.put('/v2/segments', { id: second, target: 'Guárdelos.' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await projectNow(project.id)).toMatchObject({
      state: 'done',
      workflowStage: 'DONE',
      moved_by: 'Owner',
    });
  });

  it('move on once when the last two segments are confirmed at the same time', async () => {
    const { project, segments } = await projectAtWork(1);
    const answers = await Promise.all(
      segments.map((id) => api.put('/v2/segments', { id, target: 'Listo.' })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await projectNow(project.id)).state).toBe('done');
    const moves = await t.storage.db
      .selectFrom('project_state_changes')
      .select(['from_state', 'to_state'])
      .where('project_id', '=', project.id)
      .orderBy('id')
      .execute();
    expect(moves.map((m) => `${m.from_state}>${m.to_state}`)).toEqual([
      'null>backlog',
      'backlog>inProgress',
      'inProgress>done',
    ]);
  });

  it('move on after a batch save, and on from REVIEW once every segment is reviewed', async () => {
    const { project, documentId, segments } = await projectAtWork(2);
    const response = await api.put('/v2/documents/segments', {
      document_id: documentId,
      segments: segments.map((id) => ({ id, target: 'Hecho.', expected_target: '' })),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await projectNow(project.id)).toMatchObject({
      state: 'inReview',
      workflowStage: 'REVIEW',
    });

    // A reviewer approves each confirmed translation (PUT /v2/segments is_reviewed, our extension).
    const [first, second] = segments as [number, number];
    const review = (id: number) =>
      api.put('/v2/segments', { id, target: 'Hecho.', is_reviewed: true });
    expect((await review(first)).json<Segment>()).toMatchObject({ is_reviewed: true });
    expect((await projectNow(project.id)).state).toBe('inReview');
    // A changed translation is no longer reviewed, and a draft cannot be.
    const changed = await api.put('/v2/segments', { id: first, target: 'Hecho ya.' });
    expect(changed.json<Segment>()).toMatchObject({ is_reviewed: false, is_confirmed: true });
    const draft = await api.put('/v2/segments', {
      id: second,
      target: 'Hecho.',
      is_confirmed: false,
      is_reviewed: true,
    });
    expect(draft.statusCode).toBe(400);
    expect(draft.json<{ message: string }>().message).toContain('a draft cannot be reviewed');
    await api.put('/v2/segments', { id: first, target: 'Hecho ya.', is_reviewed: true });
    expect((await projectNow(project.id)).state).toBe('inReview');
    await review(second);
    expect(await projectNow(project.id)).toMatchObject({ state: 'done', moved_by: 'Owner' });
    const counted = await t.storage.db
      .selectFrom('documents')
      .select(['segments_total', 'segments_reviewed'])
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    expect(counted).toEqual({ segments_total: 2, segments_reviewed: 2 });
  });

  it('move on from backlog as from In progress when all is confirmed there; without a template stay', async () => {
    // Translators may start before anyone moves the project to In progress.
    const translateOnly = await createProject({ workflowTemplateId: 1 });
    const withReview = await createProject({ workflowTemplateId: 2 });
    const free = await createProject();
    for (const project of [translateOnly, withReview, free]) {
      const document = await uploadDocument(t.app, project.id, 'b.txt', 'Close it.\n');
      const [segment] = (await getDocument(t.app, document.id)).segments;
      await api.put('/v2/segments', { id: segment!.id, target: 'Ciérrelo.' });
    }
    expect(await projectNow(translateOnly.id)).toMatchObject({ state: 'done', moved_by: 'Owner' });
    expect(await projectNow(withReview.id)).toMatchObject({
      state: 'inReview',
      workflowStage: 'REVIEW',
    });
    expect((await projectNow(free.id)).state).toBe('backlog');
  });
});
