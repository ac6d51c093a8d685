import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../shared/api/jobs';
import type { Project } from '../../shared/api/projects';
import { uploadFile } from '../file-translation/test-support';
import {
  apiClient,
  basic,
  createOtherOrganization,
  createTestApp,
  type TestApp,
} from '../test-support';
import { createJobNow, jobBody, jobWorld, SOURCES } from './test-support';

let t: TestApp;
let api: ReturnType<typeof apiClient>;
let world: Awaited<ReturnType<typeof jobWorld>>;

beforeAll(async () => {
  t = await createTestApp({ mt: null });
  api = apiClient(t.app);
  world = await jobWorld(t.app);
});
afterAll(() => t.close());

describe('POST /v2/jobs', () => {
  it('answers PENDING, then makes one project per pair with one document per file', async () => {
    const job = await createJobNow(t.app, jobBody(world, { due: '2027-01-15T12:00:00Z' }));
    expect(job).toMatchObject({
      name: 'Spring release',
      creationStatus: 'COMPLETE',
      creationError: null,
      status: 'active',
      due: '2027-01-15T12:00:00.000Z',
      deliveredAt: null,
      isProcessing: 0,
      srcLang: 'en',
      srcLocale: 'US',
    });
    expect(job.stats).toMatchObject({
      numProjects: 2,
      numLanguagePairs: 2,
      uniqueLanguagePairs: 2,
      numDeliveredProjects: 0,
      percentTranslated: 0,
      sourceWords: 0,
      workflowStatus: 'READY_TO_START',
    });
    const [es, ca] = job.stats.projects;
    expect(es).toMatchObject({ trgLang: 'es', memoryId: world.es, name: 'Spring release (es)' });
    expect(ca).toMatchObject({ trgLang: 'ca', memoryId: world.ca, state: 'backlog' });
    expect(es!.numSourceTokens).toBeGreaterThan(0);
    for (const project of job.stats.projects) {
      const listed = await api.get(`/v2/projects?id=${project.id}`);
      const [full] = listed.json<Project[]>();
      expect(full!.job_id).toBe(job.id);
      expect(full!.due_date).toBe(Date.parse('2027-01-15T12:00:00Z') / 1000);
      expect(full!.document.map((d) => d.name)).toEqual(Object.keys(SOURCES));
    }
  });

  it("gives each project its pair's template, or the job's", async () => {
    const job = await createJobNow(
      t.app,
      jobBody(world, {
        workflowTemplateId: 2,
        languagePairs: [
          { trgLang: 'es', memoryId: world.es, workflowTemplateId: 1 },
          { trgLang: 'ca', memoryId: world.ca },
        ],
      }),
    );
    expect(job.workflowTemplateId).toBe(2);
    expect(job.stats.projects.map((p) => p.workflowName)).toEqual([
      'Translate only',
      'Translate > Review',
    ]);
  });

  it('lists jobs newest first, filtered and paged', async () => {
    const older = await createJobNow(t.app, jobBody(world, { name: 'Older' }));
    const newer = await createJobNow(t.app, jobBody(world, { name: 'Newer' }));
    const all = (await api.get('/v2/jobs?limit=50')).json<Job[]>();
    expect(all.map((j) => j.id).indexOf(newer.id)).toBeLessThan(
      all.map((j) => j.id).indexOf(older.id),
    );
    const page = (await api.get('/v2/jobs?offset=1&limit=1')).json<Job[]>();
    expect(page).toHaveLength(1);
    expect(page[0]!.id).toBe(all[1]!.id);
    expect((await api.get('/v2/jobs?isArchived=true')).json()).toEqual([]);
    expect((await api.get('/v2/jobs?isDelivered=false')).json<Job[]>()).toHaveLength(all.length);
  });
});

describe('POST /v2/jobs refuses bad input in words and creates nothing', () => {
  const jobCount = async () => (await api.get('/v2/jobs?limit=50')).json<Job[]>().length;

  it.each([
    ['no pairs', { languagePairs: [] }, 400, 'languagePairs'],
    ['no files', { fileIds: [] }, 400, 'fileIds'],
    ['a file twice', 'twice', 400, 'is listed twice'],
    ['an unknown file', { fileIds: [999_999] }, 404, 'fileIds: file 999999 not found'],
    ['an unknown template', { workflowTemplateId: 99 }, 400, 'no workflow template 99'],
    ['an unknown domain', { domainId: 77 }, 404, 'domainId: domain 77 not found'],
    ['a bad source language', { srcLang: 'english' }, 400, 'srcLang'],
    ['a due date before 1970', { due: '1969-12-31T00:00:00Z' }, 400, 'due: 1969-12-31'],
  ] as const)('%s', async (_what, change, status, message) => {
    const before = await jobCount();
    const body =
      change === 'twice'
        ? jobBody(world, { fileIds: [world.files[0]!, world.files[0]!] })
        : { ...jobBody(world), ...change };
    const response = await api.post('/v2/jobs', body);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json<{ message: string }>().message).toContain(message);
    expect(await jobCount()).toBe(before);
  });

  it('an unknown memory, or one of other languages', async () => {
    const unknown = await api.post(
      '/v2/jobs',
      jobBody(world, { languagePairs: [{ trgLang: 'es', memoryId: 999_999 }] }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      message: 'languagePairs[0].memoryId: memory 999999 not found',
    });
    const wrong = await api.post(
      '/v2/jobs',
      jobBody(world, { languagePairs: [{ trgLang: 'fr', memoryId: world.es }] }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: `languagePairs[0].memoryId: memory ${world.es} is en to es, not en to fr`,
    });
  });

  it("another organization's files and memories are unknown", async () => {
    const other = await createOtherOrganization(t.storage);
    const theirs = await jobWorld(t.app, other.key);
    const files = await api.post('/v2/jobs', jobBody(world, { fileIds: theirs.files }));
    expect(files.statusCode).toBe(404);
    expect(files.json()).toEqual({ message: `fileIds: file ${theirs.files[0]} not found` });
    const memory = await api.post(
      '/v2/jobs',
      jobBody(world, { languagePairs: [{ trgLang: 'es', memoryId: theirs.es }] }),
    );
    expect(memory.statusCode).toBe(404);
    expect((await apiClient(t.app, other.key).get('/v2/jobs')).json()).toEqual([]);
  });

  it('a file in no format documents take (415), malformed JSON, limits', async () => {
    const image = await uploadFile(t.app, 'photo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    const refused = await api.post('/v2/jobs', jobBody(world, { fileIds: [image.id] }));
    expect(refused.statusCode).toBe(415);
    expect(refused.json<{ message: string }>().message).toContain('photo.png');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/v2/jobs',
      headers: { authorization: basic(t.key), 'content-type': 'application/json' },
      payload: '{"name": "x",',
    });
    expect(malformed.statusCode).toBe(400);
    for (const query of ['limit=51', 'limit=0', 'offset=-1', 'isArchived=maybe']) {
      const listed = await api.get(`/v2/jobs?${query}`);
      expect(listed.statusCode, query).toBe(400);
      expect(listed.json<{ message: string }>().message).toMatch(/limit|offset|isArchived/);
    }
  });
});

describe('a creation that fails', () => {
  it('ends FAILED with the reason and leaves no project behind', async () => {
    const broken = await uploadFile(t.app, 'broken.json', '{"greeting": "Hello", ');
    const projectsBefore = (await api.get('/v2/projects')).json<Project[]>().length;
    const job = await createJobNow(
      t.app,
      jobBody(world, { fileIds: [world.files[0]!, broken.id] }),
    );
    expect(job.creationStatus).toBe('FAILED');
    expect(job.creationError).toContain('broken.json');
    expect(job.stats.projects).toEqual([]);
    expect((await api.get('/v2/projects')).json<Project[]>()).toHaveLength(projectsBefore);
  });
});
