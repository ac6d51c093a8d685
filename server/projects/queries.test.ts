import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultUser } from '../db/bootstrap';
import { createDocumentStore } from '../documents/queries';
import { createMemoryStore } from '../memories/queries';
import { createProjectStore } from './store';
import { createOrganization, createUser } from '../db/organizations';
import { tempDir } from '../test-support';
import { ensureBootstrap } from '../db/bootstrap';
import { openDatabase, type Database } from '../db/db';
import { sqliteStorage, type Storage } from '../db/storage';

let t: { db: Database; storage: Storage; dir: string };
let owner: { orgId: number; userId: number };

beforeEach(async () => {
  const dir = tempDir();
  const db = openDatabase(join(dir, 'wordbench.db'));
  t = { db, storage: sqliteStorage(db), dir };
  await ensureBootstrap(t.storage);
  owner = (await defaultUser(t.storage.db)) ?? { orgId: 0, userId: 0 };
});
afterEach(() => {
  t.db.close();
  rmSync(t.dir, { recursive: true, force: true });
});

async function seedOne() {
  const memory = await createMemoryStore(t.storage).create(owner.orgId, {
    name: 'M',
    srclang: 'en',
    trglang: 'fr',
  });
  const project = await createProjectStore(t.storage).create(
    owner,
    { name: 'P', memory_id: memory.id },
    100,
  );
  if (!project) throw new Error('not created');
  return { memory, project };
}

describe('project store', () => {
  it('records the creation and every move with the user and time', async () => {
    const { project } = await seedOne();
    const projects = createProjectStore(t.storage);
    const otherUser = await createUser(t.storage.db, owner.orgId, 'Reviewer');
    await projects.update(
      { orgId: owner.orgId, userId: otherUser },
      { id: project.id, state: 'inQA' },
      200,
    );
    await projects.update(owner, { id: project.id, name: 'Same state' }, 300);
    await projects.update(owner, { id: project.id, state: 'done' }, 400);
    expect(await projects.stateChanges(project.id)).toEqual([
      {
        id: expect.any(Number),
        projectId: project.id,
        fromState: null,
        toState: 'backlog',
        userId: owner.userId,
        changedAt: 100,
      },
      {
        id: expect.any(Number),
        projectId: project.id,
        fromState: 'backlog',
        toState: 'inQA',
        userId: otherUser,
        changedAt: 200,
      },
      {
        id: expect.any(Number),
        projectId: project.id,
        fromState: 'inQA',
        toState: 'done',
        userId: owner.userId,
        changedAt: 400,
      },
    ]);
  });

  it('rolls a failed update back whole: no state change without its project change', async () => {
    const { project } = await seedOne();
    const projects = createProjectStore(t.storage);
    // A trigger that refuses the history row makes the second write of the transaction fail.
    t.db.exec(`CREATE TRIGGER refuse BEFORE INSERT ON project_state_changes
      BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    await expect(
      projects.update(owner, { id: project.id, state: 'done', name: 'X' }, 500),
    ).rejects.toThrow(/refused/);
    expect(await projects.get(owner.orgId, project.id)).toEqual(project);
    await expect(
      projects.create(owner, { name: 'Q', memory_id: project.memory_id }),
    ).rejects.toThrow();
    expect(await projects.list(owner.orgId, {})).toHaveLength(1);
  });

  it('never finds or changes another organization’s rows', async () => {
    const { memory, project } = await seedOne();
    const otherOrg = await createOrganization(t.storage.db, 'Other');
    const other = { orgId: otherOrg, userId: await createUser(t.storage.db, otherOrg, 'Other') };
    const projects = createProjectStore(t.storage);
    expect(await projects.create(other, { name: 'X', memory_id: memory.id })).toBeNull();
    expect(await projects.get(otherOrg, project.id)).toBeNull();
    expect(await projects.update(other, { id: project.id, state: 'done' })).toBeNull();
    expect(await projects.remove(otherOrg, project.id)).toBe(false);
    expect(
      await createDocumentStore(t.storage).add(otherOrg, project.id, { name: 'd' }),
    ).toBeNull();
    expect(await createMemoryStore(t.storage).remove(otherOrg, memory.id)).toEqual({
      status: 'not-found',
    });
    expect(await projects.get(owner.orgId, project.id)).toEqual(project);
  });

  it('keeps a memory that projects use, even against a direct delete', async () => {
    const { memory, project } = await seedOne();
    expect(await createMemoryStore(t.storage).remove(owner.orgId, memory.id)).toEqual({
      status: 'in-use',
      projectCount: 1,
    });
    expect(() => t.db.prepare('DELETE FROM memories WHERE id = ?').run(memory.id)).toThrow(
      /FOREIGN KEY/,
    );
    await createProjectStore(t.storage).remove(owner.orgId, project.id);
    expect(await createMemoryStore(t.storage).remove(owner.orgId, memory.id)).toEqual({
      status: 'deleted',
      blobs: [],
    });
  });

  it('refuses a state outside the five at the database too', async () => {
    const { project } = await seedOne();
    expect(() =>
      t.db.prepare("UPDATE projects SET state = 'lost' WHERE id = ?").run(project.id),
    ).toThrow(/CHECK/);
  });
});
