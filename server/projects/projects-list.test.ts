import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../shared/api/projects';
import { defaultUser } from '../db/bootstrap';
import { createDocumentStore } from '../documents/queries';
import { createMemoryStore } from '../memories/queries';
import { createProjectStore } from './store';
import { apiClient, createTestApp, snapshot, type TestApp } from '../test-support';

// Projects are created at chosen instants around T, so the bounds can be hit exactly.
const T = 1_700_000_000;
let t: TestApp;
let api: ReturnType<typeof apiClient>;
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
  const owner = await defaultUser(t.storage.db);
  if (!owner) throw new Error('no bootstrap user');
  const memories = createMemoryStore(t.storage);
  const projects = createProjectStore(t.storage);
  const documents = createDocumentStore(t.storage);
  const enEs = await memories.create(owner.orgId, { name: 'en-es', srclang: 'en', trglang: 'es' });
  const enDe = await memories.create(owner.orgId, { name: 'en-de', srclang: 'en', trglang: 'de' });
  const esEn = await memories.create(owner.orgId, { name: 'es-en', srclang: 'es', trglang: 'en' });
  const make = async (name: string, memoryId: number, at: number, change: object = {}) => {
    const project = await projects.create(owner, { name, memory_id: memoryId }, at);
    if (!project) throw new Error('memory missing');
    await projects.update(owner, { id: project.id, ...change }, at);
    id[name] = project.id;
  };
  await make('before', enEs.id, T - 100);
  await make('atFrom', enEs.id, T, { state: 'inReview' });
  await make('archivedDe', enDe.id, T + 50, { state: 'inReview', archived: true });
  await make('atTo', esEn.id, T + 100, { state: 'done' });
  await make('archivedEs', enEs.id, T + 200, { state: 'inProgress', archived: true });
  await documents.add(owner.orgId, id.atFrom!, { name: 'b.docx', createdAt: T + 1 });
  await documents.add(owner.orgId, id.atFrom!, { name: 'a.html', createdAt: T + 2 });
  await documents.add(owner.orgId, id.atTo!, { name: 'c.xliff', createdAt: T + 101 });
});
afterAll(() => t.close());

async function names(query: string): Promise<string[]> {
  const response = await api.get(`/v2/projects${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const byId = new Map(Object.entries(id).map(([name, value]) => [value, name]));
  return response.json<Project[]>().map((project) => byId.get(project.id) ?? String(project.id));
}

describe('GET /v2/projects', () => {
  it('lists every project by id, archived included, each with its documents', async () => {
    expect(await names('')).toEqual(['before', 'atFrom', 'archivedDe', 'atTo', 'archivedEs']);
    const list = (await api.get('/v2/projects')).json<Project[]>();
    expect(list[0]?.document).toEqual([]);
    expect(list[1]?.document.map((document) => document.name)).toEqual(['b.docx', 'a.html']);
    expect(list[3]?.document).toEqual([
      {
        id: expect.any(Number),
        project_id: id.atTo,
        srclang: 'es',
        trglang: 'en',
        name: 'c.xliff',
        import_in_progress: false,
        import_succeeded: true,
        import_error_message: null,
        export_in_progress: false,
        export_succeeded: false,
        export_error_message: null,
        is_pretranslating: false,
        status: { pretranslation: 'idle' },
        translator_email: null,
        reviewer_email: null,
        customer_reviewer_email: null,
        created_at: T + 101,
        updated_at: T + 101,
        is_review_complete: false,
        segments_total: 0,
        segments_confirmed: 0,
        words_total: 0,
        words_confirmed: 0,
      },
    ]);
    expect(list.map((project) => project.workflowStatus)).toEqual([
      'READY_TO_START',
      'IN_PROGRESS',
      'IN_PROGRESS',
      'DONE',
      'IN_PROGRESS',
    ]);
  });

  it('takes one id or a comma list with duplicates and unknown ids', async () => {
    expect(await names(`?id=${id.atTo}`)).toEqual(['atTo']);
    expect(await names(`?id=${id.atTo},${id.before},${id.atTo},99999`)).toEqual(['before', 'atTo']);
    expect(await names('?id=99999')).toEqual([]);
  });

  // Issue 11: only decimal digits are an id; spaces once made `?id=%20%201` id 1.
  it.each([' 1 ', '1, 2', '0x10', '1,+2'])('refuses the id list %j with a 400', async (list) => {
    const response = await api.get(`/v2/projects?id=${encodeURIComponent(list)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^query parameter id: /);
  });

  it('counts from_time inclusive and to_time exclusive on created_at', async () => {
    expect(await names(`?from_time=${T}`)).toEqual(['atFrom', 'archivedDe', 'atTo', 'archivedEs']);
    expect(await names(`?from_time=${T + 1}`)).toEqual(['archivedDe', 'atTo', 'archivedEs']);
    expect(await names(`?to_time=${T + 100}`)).toEqual(['before', 'atFrom', 'archivedDe']);
    expect(await names(`?to_time=${T + 101}`)).toEqual(['before', 'atFrom', 'archivedDe', 'atTo']);
    expect(await names(`?from_time=${T}&to_time=${T + 100}`)).toEqual(['atFrom', 'archivedDe']);
    expect(await names(`?from_time=${T}&to_time=${T}`)).toEqual([]);
  });

  it('filters by state', async () => {
    expect(await names('?state=inReview')).toEqual(['atFrom', 'archivedDe']);
    expect(await names('?state=backlog')).toEqual(['before']);
    expect(await names('?state=inQA')).toEqual([]);
  });

  it('includes archived projects by default and leaves them out with archived=false', async () => {
    expect(await names('?archived=true')).toEqual(await names(''));
    expect(await names('?archived=false')).toEqual(['before', 'atFrom', 'atTo']);
  });

  it('filters by source and target language', async () => {
    expect(await names('?srclang=en')).toEqual(['before', 'atFrom', 'archivedDe', 'archivedEs']);
    expect(await names('?trglang=en')).toEqual(['atTo']);
    expect(await names('?srclang=en&trglang=es')).toEqual(['before', 'atFrom', 'archivedEs']);
    expect(await names('?srclang=fr')).toEqual([]);
  });

  it('filters by connector: projects have none unless one is set', async () => {
    expect(await names('?connector_id=7')).toEqual([]);
    const setConnector = (connectorId: number | null) =>
      t.storage.db
        .updateTable('projects')
        .set({ connector_id: connectorId })
        .where('id', '=', id.before!)
        .execute();
    await setConnector(7);
    // Read at once: on PostgreSQL too, the process's own committed write moves the cached
    // list's data version before its notification arrives (db/local-writes.ts).
    expect(await names('?connector_id=7')).toEqual(['before']);
    await setConnector(null);
  });

  it('combines filters', async () => {
    expect(await names('?state=inReview&srclang=en&trglang=es')).toEqual(['atFrom']);
    expect(await names('?state=inReview&archived=false')).toEqual(['atFrom']);
    expect(await names(`?srclang=en&from_time=${T}&to_time=${T + 201}&archived=false`)).toEqual([
      'atFrom',
    ]);
    const ids = `${id.archivedDe},${id.archivedEs},${id.atTo}`;
    expect(await names(`?id=${ids}&archived=false`)).toEqual(['atTo']);
    expect(await names(`?id=${ids}&state=inProgress&from_time=${T + 200}`)).toEqual(['archivedEs']);
  });

  it.each([
    ['?state=finished', /state: must be one of backlog, inProgress, inReview, inQA, done/],
    ['?id=abc', /query parameter id: must be an id or a comma-separated list/],
    ['?id=1,x', /query parameter id/],
    ['?id=1,,2', /query parameter id/],
    ['?id=1.5', /query parameter id/],
    [`?from_time=${T + 1}&to_time=${T}`, /from_time \(\d+\) must not be later than to_time/],
    ['?from_time=-1', /query parameter from_time: must be >= 0/],
    ['?to_time=soon', /query parameter to_time: must be integer/],
    ['?archived=maybe', /query parameter archived: must be boolean/],
    ['?srclang=EN', /query parameter srclang: must be an ISO 639 code/],
    ['?connector_id=0', /query parameter connector_id: must be >= 1/],
  ])('refuses %s with a 400 that names the parameter', async (query, message) => {
    const before = await snapshot(t.storage);
    const response = await api.get(`/v2/projects${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(await snapshot(t.storage)).toEqual(before);
  });
});
