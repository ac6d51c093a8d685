import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../shared/api/projects';
import { eventsOf, refuseWebhookEvents, subscribe } from '../api-tests/webhook-events-test-support';
import { defaultUser } from '../db/bootstrap';
import { getDocument, uploadDocument } from '../documents/test-support';
import { createMemory } from '../memories/test-support';
import {
  apiClient,
  createOtherOrganization,
  createTestApp,
  snapshot,
  type TestApp,
} from '../test-support';

// Issue 16: a project's changes write their webhook events in their transaction (both backends).
let t: TestApp;
let api: ReturnType<typeof apiClient>;
let memoryId: number;
/** Subscribed to every event type, and to PROJECT_DELIVER only. */
let all: number;
let deliverOnly: number;
/** The organization of the test key. */
let orgId: number;

beforeAll(async () => {
  t = await createTestApp({ mt: null, webhooks: { paused: true } });
  api = apiClient(t.app);
  orgId = (await defaultUser(t.storage.db))!.orgId;
  memoryId = (await createMemory(t.app)).id;
  all = await subscribe(t.app);
  deliverOnly = await subscribe(t.app, ['PROJECT_DELIVER']);
});
afterAll(() => t.close());

async function createProject(fields: object = {}): Promise<Project> {
  const response = await api.post('/v2/projects', { name: 'Help', memory_id: memoryId, ...fields });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** `PUT /v2/projects` expecting `status`; answers the body and the events it wrote. */
async function put(body: { id: number } & Record<string, unknown>, status = 200) {
  let answer: Project | undefined;
  const events = await eventsOf<Project>(t.storage, async () => {
    const response = await api.put('/v2/projects', body);
    expect(response.statusCode, response.body).toBe(status);
    answer = response.json<Project>();
  });
  return { answer: answer!, events };
}

describe('PUT /v2/projects fires', () => {
  it('PROJECT_UPDATE with the project after a move, to the configurations subscribed', async () => {
    const project = await createProject();
    const { answer, events } = await put({ id: project.id, state: 'inProgress' });
    expect(events).toEqual([
      { type: 'PROJECT_UPDATE', orgId, data: answer, configurationIds: [all] },
    ]);
    expect(answer).toMatchObject({ state: 'inProgress', moved_by: 'Owner' });
  });

  it('PROJECT_UPDATE then PROJECT_DELIVER on a move to done', async () => {
    const project = await createProject();
    const { answer, events } = await put({ id: project.id, state: 'done' });
    expect(answer.state).toBe('done');
    expect(events).toEqual([
      { type: 'PROJECT_UPDATE', orgId, data: answer, configurationIds: [all] },
      { type: 'PROJECT_DELIVER', orgId, data: answer, configurationIds: [all, deliverOnly] },
    ]);
    // Renamed while done: an update, no second delivery.
    const renamed = await put({ id: project.id, name: 'Help, final', state: 'done' });
    expect(renamed.events.map((e) => [e.type, e.data])).toEqual([
      ['PROJECT_UPDATE', renamed.answer],
    ]);
  });

  it('PROJECT_UPDATE for a change of fields, nothing when no field takes another value', async () => {
    const project = await createProject({ metadata: { client: 'Acme' } });
    const same = await put({
      id: project.id,
      name: project.name,
      state: project.state,
      metadata: { client: 'Acme' },
    });
    expect(same.events).toEqual([]);
    const changed = await put({ id: project.id, archived: true, metadata: { client: 'Globex' } });
    expect(changed.events.map((e) => [e.type, e.data])).toEqual([
      ['PROJECT_UPDATE', changed.answer],
    ]);
    expect(changed.answer).toMatchObject({ archived: true, metadata: { client: 'Globex' } });
  });

  it('nothing for a refused move (409) or an unknown project (404)', async () => {
    const project = await createProject({ workflowTemplateId: 1 });
    const before = await snapshot(t.storage);
    expect((await put({ id: project.id, state: 'inReview' }, 409)).events).toEqual([]);
    expect((await put({ id: 999_999, state: 'done' }, 404)).events).toEqual([]);
    expect(await snapshot(t.storage)).toEqual(before);
  });

  it('only to the configurations of the project’s organization', async () => {
    const other = await createOtherOrganization(t.storage);
    const theirs = await subscribe(t.app, ['PROJECT_UPDATE'], other.key);
    const otherApi = apiClient(t.app, other.key);
    const memory = await createMemory(t.app, {}, other.key);
    const created = await otherApi.post('/v2/projects', { name: 'Theirs', memory_id: memory.id });
    const project = created.json<Project>();
    const events = await eventsOf(t.storage, () =>
      otherApi.put('/v2/projects', { id: project.id, state: 'inQA' }),
    );
    expect(events.map((e) => [e.type, e.orgId, e.configurationIds])).toEqual([
      ['PROJECT_UPDATE', other.orgId, [theirs]],
    ]);
    // Ours cannot reach it: a 404 that fires nothing.
    expect((await put({ id: project.id, state: 'done' }, 404)).events).toEqual([]);
  });
});

describe('a workflow move fires', () => {
  it('PROJECT_UPDATE and PROJECT_DELIVER when the last segment is confirmed', async () => {
    const project = await createProject({ workflowTemplateId: 1 });
    await put({ id: project.id, state: 'inProgress' });
    const document = await uploadDocument(t.app, project.id, 'a.txt', 'Open files.\n\nSave.\n');
    const [first, second] = (await getDocument(t.app, document.id)).segments.map((s) => s.id);
    const draft = await eventsOf(t.storage, () =>
      api.put('/v2/segments', { id: first, target: 'Abra archivos.' }),
    );
    expect(draft).toEqual([]);
    const events = await eventsOf<Project>(t.storage, () =>
      api.put('/v2/segments', { id: second, target: 'Guarde.' }),
    );
    const [now] = (await api.get(`/v2/projects?id=${project.id}`)).json<Project[]>();
    expect(now).toMatchObject({ state: 'done', workflowStage: 'DONE' });
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['PROJECT_UPDATE', now],
      ['PROJECT_DELIVER', now],
    ]);
  });

  it('neither a move nor its events when the events cannot be written', async () => {
    const project = await createProject({ workflowTemplateId: 1 });
    await put({ id: project.id, state: 'inProgress' });
    const document = await uploadDocument(t.app, project.id, 'b.txt', 'Open files.\n');
    const [only] = (await getDocument(t.app, document.id)).segments.map((s) => s.id);
    const undo = await refuseWebhookEvents(t.storage);
    try {
      // The save stands; the move that would go with it does not happen without its events.
      const saved = await api.put('/v2/segments', { id: only, target: 'Abra archivos.' });
      expect(saved.statusCode, saved.body).toBe(200);
      const refused = await api.put('/v2/projects', { id: project.id, name: 'Renamed' });
      expect(refused.statusCode).toBe(500);
    } finally {
      await undo();
    }
    const [now] = (await api.get(`/v2/projects?id=${project.id}`)).json<Project[]>();
    expect(now).toMatchObject({ name: 'Help', state: 'inProgress' });
    // Saved again once events can be written: the move, with them.
    const events = await eventsOf(t.storage, () =>
      api.put('/v2/segments', { id: only, target: 'Abra archivos.' }),
    );
    expect(events.map((e) => [e.type, (e.data as Project).state])).toEqual([
      ['PROJECT_UPDATE', 'done'],
      ['PROJECT_DELIVER', 'done'],
    ]);
  });
});
