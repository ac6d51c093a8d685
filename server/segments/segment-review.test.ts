import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../shared/api/projects';
import type { Segment } from '../../shared/api/segments';
import { createProject, saveTarget, uploadDocument } from '../documents/test-support';
import { auth } from '../memories/test-support';
import { createTestApp, TEST_KEY, type TestApp } from '../test-support';

let t: TestApp;
let project: Project;

beforeAll(async () => {
  t = await createTestApp({ mt: null });
  project = await createProject(t.app);
});
afterAll(() => t.close());

async function review(body: { id: number; target: string; is_reviewed: boolean }) {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/v2/segments',
    headers: auth(TEST_KEY),
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Segment;
}

const stored = (id: number) =>
  t.storage.db
    .selectFrom('segments')
    .select(['target_origin', 'match_score', 'is_reviewed', 'memory_unit_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const unitCount = async (memoryId: number) =>
  (
    await t.storage.db
      .selectFrom('memory_units')
      .select('id')
      .where('memory_id', '=', memoryId)
      .execute()
  ).length;

/** A confirmed segment that came from MT at 80, as a pretranslation confirmed unchanged is. */
async function confirmedMtSegment(text: string) {
  const document = await uploadDocument(t.app, project.id, 'review.txt', text);
  const id = document.segments[0]!.id;
  await saveTarget(t.app, { id, target: 'Abra el archivo.' });
  await t.storage.db
    .updateTable('segments')
    .set({ target_origin: 'mt', match_score: 80 })
    .where('id', '=', id)
    .execute();
  return id;
}

describe('PUT /v2/segments with is_reviewed', () => {
  it('a review of the translation as it stands keeps its origin and score and the memory as it is', async () => {
    const id = await confirmedMtSegment('Open the file.');
    const before = await stored(id);
    const units = await unitCount(project.memory_id);

    await review({ id, target: 'Abra el archivo.', is_reviewed: true });
    expect(await stored(id)).toEqual({ ...before, is_reviewed: 1 });
    await review({ id, target: 'Abra el archivo.', is_reviewed: false });
    expect(await stored(id)).toEqual({ ...before, is_reviewed: 0 });
    expect(await unitCount(project.memory_id)).toBe(units);
  });

  it('a review that changes the text is the reviewer’s translation, written to the memory', async () => {
    const id = await confirmedMtSegment('Close the window.');
    const before = await stored(id);

    await review({ id, target: 'Cierre la ventana.', is_reviewed: true });
    expect(await stored(id)).toEqual({
      target_origin: 'user',
      match_score: null,
      is_reviewed: 1,
      memory_unit_id: before.memory_unit_id,
    });
    const unit = await t.storage.db
      .selectFrom('memory_units')
      .select('target')
      .where('id', '=', before.memory_unit_id!)
      .executeTakeFirstOrThrow();
    expect(unit.target).toBe('Cierre la ventana.');
  });
});
