import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../shared/api/jobs';
import type { Project } from '../../shared/api/projects';
import { createKey } from '../db/keys';
import { createUser } from '../db/organizations';
import { getDocument } from '../documents/test-support';
import { apiClient, createTestApp, type TestApp } from '../test-support';
import { createJobNow, jobBody, jobWorld } from './test-support';

// Issue 15 follow-up: Job.stats.uniqueLinguists counts the people who wrote or reviewed segments.
let t: TestApp;
let owner: ReturnType<typeof apiClient>;
let reviewer: ReturnType<typeof apiClient>;
let world: Awaited<ReturnType<typeof jobWorld>>;

const REVIEWER_KEY = 'wb_reviewer-key-0123456789';

beforeAll(async () => {
  t = await createTestApp({ mt: null });
  owner = apiClient(t.app);
  reviewer = apiClient(t.app, REVIEWER_KEY);
  world = await jobWorld(t.app);
  const orgId = Number(
    (await t.storage.db.selectFrom('users').select('org_id').executeTakeFirstOrThrow()).org_id,
  );
  await t.storage.transaction(async (tx) =>
    createKey(tx, await createUser(tx, orgId, 'Reviewer'), REVIEWER_KEY),
  );
});
afterAll(() => t.close());

/** The segment ids of the project's first document. */
async function segmentsOf(projectId: number): Promise<number[]> {
  const [project] = (await owner.get(`/v2/projects?id=${projectId}`)).json<Project[]>();
  const document = await getDocument(t.app, project!.document![0]!.id);
  return document.segments.map((segment) => segment.id);
}

const linguists = async (jobId: number) =>
  (await owner.get(`/v2/jobs/${jobId}`)).json<Job>().stats.uniqueLinguists;

describe('Job.stats.uniqueLinguists', () => {
  it('counts the distinct people who translated or reviewed segments of the job', async () => {
    const job = await createJobNow(t.app, jobBody(world));
    const other = await createJobNow(t.app, jobBody(world, { name: 'Other' }));
    expect(job.stats.uniqueLinguists).toBe(0);
    const [spanish, catalan] = job.stats.projects;
    const [first, second] = await segmentsOf(spanish!.id);

    const saved = await owner.put('/v2/segments', { id: first, target: 'Abra el menú.' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await linguists(job.id)).toBe(1);
    // The reviewer's review makes them the segment's last author; the translator still counts.
    const reviewed = await reviewer.put('/v2/segments', {
      id: first,
      target: 'Abra el menú.',
      is_reviewed: true,
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(await linguists(job.id)).toBe(2);
    // More work by the same people, in another language too, counts them once.
    await reviewer.put('/v2/segments', { id: second, target: 'Elija una carpeta.' });
    const [catalanFirst] = await segmentsOf(catalan!.id);
    await owner.put('/v2/segments', { id: catalanFirst, target: 'Obriu el menú.' });
    expect(await linguists(job.id)).toBe(2);
    // A draft saved by someone is their writing too.
    expect(await linguists(other.id)).toBe(0);
    const [otherFirst] = await segmentsOf(other.stats.projects[0]!.id);
    await reviewer.put('/v2/segments', { id: otherFirst, target: 'Ab', is_confirmed: false });
    expect(await linguists(other.id)).toBe(1);
    const listed = (await owner.get('/v2/jobs')).json<Job[]>();
    expect(listed.find((j) => j.id === job.id)?.stats.uniqueLinguists).toBe(2);
  });
});
