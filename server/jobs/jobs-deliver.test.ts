import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../shared/api/jobs';
import type { Storage } from '../db/storage';
import { createProjectStore } from '../projects/store';
import { apiClient, createTestApp, snapshot, type TestApp } from '../test-support';
import { createJobNow, jobBody, jobWorld } from './test-support';

// Issue 15 follow-up: a delivery is one transaction, every project done and the job delivered.
let t: TestApp;
let api: ReturnType<typeof apiClient>;
let world: Awaited<ReturnType<typeof jobWorld>>;

beforeAll(async () => {
  t = await createTestApp({ mt: null });
  api = apiClient(t.app);
  world = await jobWorld(t.app);
});
afterAll(() => t.close());

/** A real failure of the database when the move of `projectId` is recorded; answers its undoing. */
async function refuseMoveOf(storage: Storage, projectId: number): Promise<() => Promise<void>> {
  if (storage.dialect === 'sqlite') {
    await sql
      .raw(
        `CREATE TRIGGER refuse_move BEFORE INSERT ON project_state_changes
         WHEN NEW.project_id = ${projectId} BEGIN SELECT RAISE(ABORT, 'refused'); END`,
      )
      .execute(storage.db);
    return async () => void (await sql.raw('DROP TRIGGER refuse_move').execute(storage.db));
  }
  await sql
    .raw(
      `CREATE FUNCTION refuse_move() RETURNS trigger LANGUAGE plpgsql
       AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`,
    )
    .execute(storage.db);
  await sql
    .raw(
      `CREATE TRIGGER refuse_move BEFORE INSERT ON project_state_changes FOR EACH ROW
       WHEN (NEW.project_id = ${projectId}) EXECUTE FUNCTION refuse_move()`,
    )
    .execute(storage.db);
  return async () => {
    await sql.raw('DROP TRIGGER refuse_move ON project_state_changes').execute(storage.db);
    await sql.raw('DROP FUNCTION refuse_move()').execute(storage.db);
  };
}

describe('POST /v2/jobs/{jobId}/deliver in one transaction', () => {
  it('leaves nothing half-delivered when a move fails in the middle, then delivers whole', async () => {
    const job = await createJobNow(t.app, jobBody(world));
    const [first, second] = job.stats.projects;
    const before = await snapshot(t.storage);
    // The first project's move is written, then the second one's fails.
    const undo = await refuseMoveOf(t.storage, second!.id);
    try {
      const failed = await api.post(`/v2/jobs/${job.id}/deliver`);
      expect(failed.statusCode).toBe(500);
    } finally {
      await undo();
    }
    expect(await snapshot(t.storage)).toEqual(before);
    const after = (await api.get(`/v2/jobs/${job.id}`)).json<Job>();
    expect(after).toMatchObject({ status: 'active', deliveredAt: null });
    expect(after.stats.projects.map((p) => p.state)).toEqual(['backlog', 'backlog']);

    const delivered = await api.post(`/v2/jobs/${job.id}/deliver`);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json<Job>()).toMatchObject({ status: 'delivered' });
    const store = createProjectStore(t.storage);
    for (const project of [first!, second!]) {
      const moves = await store.stateChanges(project.id);
      expect(moves.map((m) => [m.fromState, m.toState])).toEqual([
        [null, 'backlog'],
        ['backlog', 'done'],
      ]);
    }
  });
});
