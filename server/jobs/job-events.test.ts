import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../shared/api/jobs';
import type { Project } from '../../shared/api/projects';
import { eventsOf, subscribe } from '../api-tests/webhook-events-test-support';
import type { Storage } from '../db/storage';
import { apiClient, createTestApp, type TestApp } from '../test-support';
import { createJobNow, jobBody, jobWorld } from './test-support';

// Issue 16: a job's changes write JOB_UPDATE / JOB_DELIVER in their transaction (both backends).
let t: TestApp;
let api: ReturnType<typeof apiClient>;
let world: Awaited<ReturnType<typeof jobWorld>>;
let jobsOnly: number;

beforeAll(async () => {
  t = await createTestApp({ mt: null, webhooks: { paused: true } });
  api = apiClient(t.app);
  world = await jobWorld(t.app);
  await subscribe(t.app);
  jobsOnly = await subscribe(t.app, ['JOB_UPDATE', 'JOB_DELIVER']);
});
afterAll(() => t.close());

/**
 * A real failure of the database when job `jobId` is marked delivered, after its projects' moves
 * (and their events) were written in the same transaction; answers its undoing.
 */
async function refuseDeliveryOf(storage: Storage, jobId: number): Promise<() => Promise<void>> {
  const when = `NEW.id = ${jobId} AND NEW.status = 'delivered'`;
  if (storage.dialect === 'sqlite') {
    await sql
      .raw(
        `CREATE TRIGGER refuse_delivery BEFORE UPDATE ON jobs WHEN ${when}
         BEGIN SELECT RAISE(ABORT, 'refused'); END`,
      )
      .execute(storage.db);
    return async () => void (await sql.raw('DROP TRIGGER refuse_delivery').execute(storage.db));
  }
  await sql
    .raw(
      `CREATE FUNCTION refuse_delivery() RETURNS trigger LANGUAGE plpgsql
       AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`,
    )
    .execute(storage.db);
  await sql
    .raw(
      `CREATE TRIGGER refuse_delivery BEFORE UPDATE ON jobs FOR EACH ROW
       WHEN (${when}) EXECUTE FUNCTION refuse_delivery()`,
    )
    .execute(storage.db);
  return async () => {
    await sql.raw('DROP TRIGGER refuse_delivery ON jobs').execute(storage.db);
    await sql.raw('DROP FUNCTION refuse_delivery()').execute(storage.db);
  };
}

const jobNow = async (id: number) => (await api.get(`/v2/jobs/${id}`)).json<Job>();

/** `POST /v2/jobs/{id}/{move}` (or PUT with a body) expecting `status`; the events it wrote. */
async function change(id: number, move: string, status = 200, body?: object) {
  return eventsOf(t.storage, async () => {
    const response = body
      ? await api.put(`/v2/jobs/${id}`, body)
      : await api.post(`/v2/jobs/${id}/${move}`);
    expect(response.statusCode, response.body).toBe(status);
  });
}

describe('job events', () => {
  it('JOB_UPDATE when the creation completes, with the job as GET shows it', async () => {
    let job: Job | undefined;
    const events = await eventsOf<Job>(t.storage, async () => {
      job = await createJobNow(t.app, jobBody(world, { name: 'Created' }));
    });
    expect(events.map((e) => [e.type, e.data])).toEqual([['JOB_UPDATE', job]]);
    expect(job).toMatchObject({ creationStatus: 'COMPLETE', stats: { numProjects: 2 } });
  });

  it('JOB_UPDATE for an edit, an archive and an unarchive, each with the job after it', async () => {
    const job = await createJobNow(t.app, jobBody(world));
    const renamed = await change(job.id, '', 200, { name: 'Renamed' });
    expect(renamed.map((e) => [e.type, e.data])).toEqual([['JOB_UPDATE', await jobNow(job.id)]]);
    expect((renamed[0]!.data as Job).name).toBe('Renamed');
    expect(renamed[0]!.configurationIds).toContain(jobsOnly);
    const archived = await change(job.id, 'archive');
    expect(archived.map((e) => [e.type, (e.data as Job).status])).toEqual([
      ['JOB_UPDATE', 'archived'],
    ]);
    // Archived twice: no change, no event.
    expect(await change(job.id, 'archive')).toEqual([]);
    const back = await change(job.id, 'unarchive');
    expect(back.map((e) => [e.type, e.data])).toEqual([['JOB_UPDATE', await jobNow(job.id)]]);
  });

  it('a delivery: each project moved to done, then JOB_DELIVER with the delivered job', async () => {
    const job = await createJobNow(t.app, jobBody(world));
    const [first, second] = job.stats.projects.map((p) => p.id);
    // One project is done already: it moves no more.
    const moved = await api.put('/v2/projects', { id: first, state: 'done' });
    expect(moved.statusCode, moved.body).toBe(200);
    const events = await change(job.id, 'deliver');
    const delivered = await jobNow(job.id);
    const [project] = (await api.get(`/v2/projects?id=${second}`)).json<Project[]>();
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['PROJECT_UPDATE', project],
      ['PROJECT_DELIVER', project],
      ['JOB_DELIVER', delivered],
    ]);
    expect(delivered).toMatchObject({ status: 'delivered', stats: { numDeliveredProjects: 2 } });
    // Refused changes of a delivered job fire nothing; a reactivation is an update.
    expect(await change(job.id, '', 409, { name: 'Late' })).toEqual([]);
    expect(await change(job.id, 'deliver')).toEqual([]);
    const reactivated = await change(job.id, 'reactivate');
    expect(reactivated.map((e) => [e.type, (e.data as Job).status])).toEqual([
      ['JOB_UPDATE', 'active'],
    ]);
  });

  it('nothing when the delivery fails after its projects’ moves were written', async () => {
    const job = await createJobNow(t.app, jobBody(world));
    const undo = await refuseDeliveryOf(t.storage, job.id);
    try {
      expect(await change(job.id, 'deliver', 500)).toEqual([]);
    } finally {
      await undo();
    }
    const again = await change(job.id, 'deliver');
    expect(again.map((e) => e.type)).toEqual([
      'PROJECT_UPDATE',
      'PROJECT_DELIVER',
      'PROJECT_UPDATE',
      'PROJECT_DELIVER',
      'JOB_DELIVER',
    ]);
  });

  it('nothing for an archived job’s refused delivery, nor for another organization’s id', async () => {
    const job = await createJobNow(t.app, jobBody(world));
    await change(job.id, 'archive');
    expect(await change(job.id, 'deliver', 409)).toEqual([]);
    expect(await change(999_999, 'deliver', 404)).toEqual([]);
  });
});
