import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_KEY, type TestApp } from '../test-support';
import { createProject, getDocument } from './test-support';
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

async function setup() {
  t = await createTestApp();
  const project = await createProject(t.app);
  const records = await createDocumentRecords(t.storage, t.app.work);
  const orgId = (t.db.prepare('SELECT org_id FROM projects').get() as { org_id: number }).org_id;
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
  return { app: t.app, db: t.db, records, orgId, project, input };
}

describe('document import in slices', () => {
  it('keeps the document hidden from every read until it is whole', async () => {
    const { db, records, orgId, project, input } = await setup();
    const importing = records.importDocument(input);
    // A few turns later some segments are written, and still no read finds them.
    while (!db.prepare('SELECT id FROM segments LIMIT 1').get()) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    // The row exists from the first slice on, hidden from every route.
    const hidden = db.prepare('SELECT id FROM documents WHERE import_in_progress = 1').get() as {
      id: number;
    };
    const written = db.prepare('SELECT id FROM segments LIMIT 1').get() as { id: number };
    expect(await records.header(orgId, hidden.id)).toBeNull();
    expect(await records.segments.get(orgId, written.id)).toBeNull();
    expect(await records.segments.row(orgId, written.id)).toBeNull();
    expect(await records.segments.unlock(orgId, [written.id])).toEqual([]);
    const listed = await t!.app.inject({
      url: `/v2/projects?id=${project.id}`,
      headers: { key: TEST_KEY },
    });
    expect(listed.json()[0].document).toEqual([]);
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
    db.prepare('DELETE FROM projects WHERE id = ?').run(project.id);
    expect(await importing).toBeNull();
    expect(db.prepare('SELECT count(*) AS n FROM segments').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM document_skeleton_parts').get()).toEqual({ n: 0 });
  });

  it('deletes what a crash left half-written at the next start', async () => {
    const { db, records, orgId, project } = await setup();
    db.prepare(
      `INSERT INTO documents (org_id, project_id, name, srclang, trglang, import_in_progress,
         created_at, updated_at) VALUES (?, ?, 'half.txt', 'en', 'es', 1, 0, 0)`,
    ).run(orgId, project.id);
    expect(records).toBeTruthy();
    await createDocumentRecords(t!.storage, t!.app.work);
    expect(db.prepare('SELECT count(*) AS n FROM documents').get()).toEqual({ n: 0 });
  });
});
