import { afterEach, describe, expect, it } from 'vitest';
import { countRows, createTestApp, TEST_KEY, type TestApp } from '../test-support';
import { createProject, getDocument } from './test-support';
import type { Storage } from '../db/storage';
import { SKELETON_PART_CHARS } from './document-import';
import { createDocumentRecords } from './document-store';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const segments = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    index,
    source: `Sentence ${index}.`,
    target: null,
    contextKey: null,
    note: null,
  }));

/**
 * The storage, whose transactions from the `count`-th after `holdAfter(count)` on wait for
 * `release()`: an import paused half-way, while PostgreSQL would otherwise go on writing
 * during the test's reads.
 */
function withHeldTransactions(storage: Storage) {
  let left = Infinity;
  let release!: () => void;
  let reached!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const holding = new Promise<void>((resolve) => (reached = resolve));
  const held: Storage = {
    ...storage,
    async transaction(work) {
      left -= 1;
      if (left < 0) {
        reached();
        await gate;
      }
      return storage.transaction(work);
    },
  };
  const holdAfter = (count: number) => void (left = count);
  return { storage: held, holdAfter, holding, release };
}

async function setup() {
  t = await createTestApp();
  const project = await createProject(t.app);
  const held = withHeldTransactions(t.storage);
  const records = await createDocumentRecords(held.storage, t.app.work);
  const { org_id: orgId } = await t.storage.db
    .selectFrom('projects')
    .select('org_id')
    .executeTakeFirstOrThrow();
  const ref = (await records.project(orgId, project.id))!;
  const input = {
    orgId,
    project: ref,
    name: 'a.txt',
    format: 'text' as const,
    skeletonJson: JSON.stringify({ big: 'x'.repeat(3 * 1024 * 1024) }),
    segments: segments(2_500),
    pretranslate: null,
    autoAccept: false,
  };
  return { app: t.app, db: t.storage.db, held, records, orgId, project, input };
}

describe('document import in slices', () => {
  it('keeps the document hidden from every read until it is whole', async () => {
    const { db, held, records, orgId, project, input } = await setup();
    // Held after the hidden row, the skeleton's parts and the first slice of segments.
    held.holdAfter(1 + Math.ceil(input.skeletonJson.length / SKELETON_PART_CHARS) + 1);
    const importing = records.importDocument(input);
    await held.holding;
    // A few turns later some segments are written, and still no read finds them.
    const firstSegment = () => db.selectFrom('segments').select('id').limit(1).executeTakeFirst();
    while (!(await firstSegment())) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    // The row exists from the first slice on, hidden from every route.
    const hidden = await db
      .selectFrom('documents')
      .select('id')
      .where('import_in_progress', '=', 1)
      .executeTakeFirstOrThrow();
    const written = (await firstSegment())!;
    expect(await records.header(orgId, hidden.id)).toBeNull();
    expect(await records.segments.get(orgId, written.id)).toBeNull();
    expect(await records.segments.row(orgId, written.id)).toBeNull();
    expect(await records.segments.unlock(orgId, [written.id])).toEqual([]);
    const listed = await t!.app.inject({
      url: `/v2/projects?id=${project.id}`,
      headers: { key: TEST_KEY },
    });
    expect(listed.json()[0].document).toEqual([]);
    held.release();
    const id = await importing;
    expect(id).toBe(hidden.id);
    const document = await getDocument(t!.app, id!);
    expect(document.segments).toHaveLength(2_500);
    expect(document.project_id).toBe(project.id);
    expect(await records.skeletonJson(id!)).toBe(input.skeletonJson);
  });

  it('gives up when the project goes meanwhile, leaving nothing', async () => {
    const { db, records, project, input } = await setup();
    const importing = records.importDocument(input);
    await db.deleteFrom('projects').where('id', '=', project.id).execute();
    expect(await importing).toBeNull();
    expect(await countRows(db, 'segments')).toEqual({ n: 0 });
    expect(await countRows(db, 'document_skeleton_parts')).toEqual({ n: 0 });
  });

  it('deletes what a crash left half-written at the next start', async () => {
    const { db, records, orgId, project } = await setup();
    await db
      .insertInto('documents')
      .values({
        org_id: orgId,
        project_id: project.id,
        name: 'half.txt',
        srclang: 'en',
        trglang: 'es',
        import_in_progress: 1,
        created_at: 0,
        updated_at: 0,
      })
      .execute();
    expect(records).toBeTruthy();
    await createDocumentRecords(t!.storage, t!.app.work);
    expect(await countRows(db, 'documents')).toEqual({ n: 0 });
  });
});
