import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, JobCreateParameters, LanguagePair } from '../../shared/api/jobs';
import type { WorkflowTemplate } from '../../shared/api/workflows';
import { uploadFile } from '../file-translation/test-support';
import type { MtEngine } from '../mt/engine';
import {
  apiClient,
  createOtherOrganization,
  createTestApp,
  snapshot,
  type TestApp,
} from '../test-support';
import { createJobNow, jobBody, jobWorld } from './test-support';

// Issue 15 follow-up: the LanguagePair fields that were accepted and ignored.
const pairs = [
  { source: 'en', target: 'ca' },
  { source: 'en', target: 'es' },
];
/** An installed-pairs stand-in for Apertium (an external program): it translates nothing. */
const engine: MtEngine = {
  name: 'apertium',
  pairs: async () => pairs,
  supports: async (s, t) => pairs.some((p) => p.source === s && p.target === t),
  translate: async (_pair, segments) => segments.map(() => ''),
  close: async () => undefined,
};

let t: TestApp;
let api: ReturnType<typeof apiClient>;
let world: Awaited<ReturnType<typeof jobWorld>>;
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp({ mt: engine });
  api = apiClient(t.app);
  world = await jobWorld(t.app);
  ownerId = (await t.storage.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

const withPairs = (es: Partial<LanguagePair>, ca: Partial<LanguagePair> = {}, extra = {}) =>
  jobBody(world, {
    languagePairs: [
      { trgLang: 'es', memoryId: world.es, ...es },
      { trgLang: 'ca', memoryId: world.ca, ...ca },
    ],
    ...extra,
  });

async function refused(body: JobCreateParameters, message: string) {
  const before = await snapshot(t.storage);
  const jobs = (await api.get('/v2/jobs?limit=50')).json<Job[]>().length;
  const response = await api.post('/v2/jobs', body);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json<{ message: string }>().message).toContain(message);
  expect((await api.get('/v2/jobs?limit=50')).json<Job[]>()).toHaveLength(jobs);
  expect(await snapshot(t.storage)).toEqual(before);
}

describe('externalModelId', () => {
  it('takes an MT model of GET /v3/domains for the pair, and refuses others in words', async () => {
    const job = await createJobNow(
      t.app,
      withPairs({ externalModelId: 2 }, { externalModelId: 1 }),
    );
    expect(job.creationStatus).toBe('COMPLETE');
    await refused(
      withPairs({ externalModelId: 9 }),
      'no MT model 9; there are 1 (en-ca), 2 (en-es)',
    );
    await refused(
      withPairs({ externalModelId: 1 }),
      'languagePairs[0].externalModelId: MT model 1 translates en to ca, not en to es',
    );
  });
});

describe('workflowStageAssignments', () => {
  it("are checked against the template's stages, stored, and shown on the job's projects", async () => {
    const templates = (await api.get('/v2/workflows/templates')).json<WorkflowTemplate[]>();
    const review = templates.find((template) => template.id === 2)!;
    expect(review.stages.map((stage) => stage.id)).toEqual([21, 22, 23, 24]);
    const assignments = [
      { workflowStageTemplateId: 22, userId: ownerId },
      { workflowStageTemplateId: 23, email: 'reviewer@example.com' },
    ];
    const job = await createJobNow(
      t.app,
      withPairs({ workflowStageAssignments: assignments }, {}, { workflowTemplateId: 2 }),
    );
    const [es, ca] = job.stats.projects;
    expect(es!.workflowStageAssignments).toEqual([
      { workflowStageTemplateId: 22, assignmentType: 'TRANSLATE', userId: ownerId, email: null },
      {
        workflowStageTemplateId: 23,
        assignmentType: 'REVIEW',
        userId: null,
        email: 'reviewer@example.com',
      },
    ]);
    expect(ca!.workflowStageAssignments).toEqual([]);
    const listed = (await api.get('/v2/jobs')).json<Job[]>().find((j) => j.id === job.id);
    expect(listed!.stats.projects[0]!.workflowStageAssignments).toEqual(
      es!.workflowStageAssignments,
    );
  });

  it('refuses a stage of another template, no template, an unknown or foreign user', async () => {
    const other = await createOtherOrganization(t.storage);
    const on2 = (assignment: object, extra: object = { workflowTemplateId: 2 }) =>
      withPairs({ workflowStageAssignments: [assignment as never] }, {}, extra);
    await refused(
      on2({ workflowStageTemplateId: 33, userId: ownerId }),
      "'Translate > Review' has no stage 33",
    );
    await refused(
      on2({ workflowStageTemplateId: 21, userId: ownerId }),
      'stage 21 (Ready to start) takes no assignment',
    );
    await refused(
      on2({ workflowStageTemplateId: 22, userId: 999_999 }),
      '.userId: no user 999999 in your organization',
    );
    await refused(
      on2({ workflowStageTemplateId: 22, userId: other.userId }),
      `no user ${other.userId} in your organization`,
    );
    await refused(on2({ workflowStageTemplateId: 22 }), 'give the userId or the email');
    await refused(
      on2({ workflowStageTemplateId: 22, email: 'nobody' }),
      'is not an e-mail address',
    );
    await refused(
      on2({ workflowStageTemplateId: 22, userId: ownerId }, {}),
      'the pair has no workflow template',
    );
    await refused(
      withPairs({ workflowTemplateName: 'Nope' }),
      "languagePairs[0]: workflow_template_name: no workflow template 'Nope'",
    );
  });
});

describe('pretranslate, autoAccept, caseSensitive, takeMatchAttribution, configId', () => {
  it("reach the pair's documents and their pretranslation", async () => {
    const lower = await uploadFile(t.app, 'lower.txt', 'open the menu.\n');
    const both = { pretranslate: true, autoAccept: true };
    const job = await createJobNow(t.app, {
      ...withPairs({ ...both, caseSensitive: true, takeMatchAttribution: true, configId: 1 }, both),
      fileIds: [world.files[0]!, lower.id],
    });
    expect(job.creationStatus).toBe('COMPLETE');
    const [es, ca] = job.stats.projects;
    const segments = (projectId: number) =>
      t.storage.db
        .selectFrom('segments as s')
        .innerJoin('documents as d', 'd.id', 's.document_id')
        .select(['d.name', 'd.pretranslate_threshold', 's.source', 's.target', 's.match_score'])
        .select(['s.is_confirmed', 's.updated_by'])
        .where('d.project_id', '=', projectId)
        .where('s.source', 'in', ['Open the menu.', 'open the menu.'])
        .orderBy('s.id')
        .execute();
    // Spanish: the same case is exact (100) and confirmed, attributed to the unit's author (who
    // imported it); another case is 99, a draft. Its configuration lends its threshold, 75.
    expect(await segments(es!.id)).toEqual([
      {
        name: 'guide.txt',
        pretranslate_threshold: 75,
        source: 'Open the menu.',
        target: 'Abra el menú.',
        match_score: 100,
        is_confirmed: 1,
        updated_by: ownerId,
      },
      {
        name: 'lower.txt',
        pretranslate_threshold: 75,
        source: 'open the menu.',
        target: 'Abra el menú.',
        match_score: 99,
        is_confirmed: 0,
        updated_by: ownerId,
      },
    ]);
    // Catalan: case-insensitive (the default), attributed to no one.
    expect(await segments(ca!.id)).toEqual([
      {
        name: 'guide.txt',
        pretranslate_threshold: null,
        source: 'Open the menu.',
        target: 'Obriu el menú.',
        match_score: 100,
        is_confirmed: 1,
        updated_by: null,
      },
      {
        name: 'lower.txt',
        pretranslate_threshold: null,
        source: 'open the menu.',
        target: 'Obriu el menú.',
        match_score: 100,
        is_confirmed: 1,
        updated_by: null,
      },
    ]);
    // The attributed author wrote segments of the job.
    expect((await api.get(`/v2/jobs/${job.id}`)).json<Job>().stats.uniqueLinguists).toBe(1);
  });
});
