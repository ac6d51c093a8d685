import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, postDocument, uploadDocument } from './test-support';
import { createTestApp, type TestApp } from '../test-support';

let t: TestApp;
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp({ mt: null });
  ownerId = (await t.storage.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

async function projectWithMemory() {
  const project = await createProject(t.app);
  await t.app.tm.addUnit(project.memory_id, {
    source: 'Open the menu.',
    target: 'Abra el menú.',
    origin: 'test',
    createdBy: ownerId,
  });
  return project;
}

/** The document's segments after its pretranslation, with what the options change. */
async function pretranslated(headers: Record<string, string>) {
  const project = await projectWithMemory();
  const text = 'Open the menu.\nopen the menu.\n';
  const document = await uploadDocument(t.app, project.id, 'menu.txt', text, {
    pretranslate: 'TM',
    auto_accept: 'true',
    ...headers,
  });
  await t.app.work.idle();
  return t.storage.db
    .selectFrom('segments as s')
    .innerJoin('documents as d', 'd.id', 's.document_id')
    .select(['d.pretranslate_threshold', 's.source', 's.match_score', 's.is_confirmed'])
    .select('s.updated_by')
    .where('s.document_id', '=', document.id)
    .orderBy('s.idx')
    .execute();
}

describe('POST /v2/documents/files: case_sensitive, match_attribution, config_id', () => {
  it('reach the pretranslation: a case difference is a 99 draft, the unit author is named', async () => {
    expect(
      await pretranslated({ case_sensitive: 'true', match_attribution: 'true', config_id: '1' }),
    ).toEqual([
      {
        pretranslate_threshold: 75,
        source: 'Open the menu.',
        match_score: 100,
        is_confirmed: 1,
        updated_by: ownerId,
      },
      {
        pretranslate_threshold: 75,
        source: 'open the menu.',
        match_score: 99,
        is_confirmed: 0,
        updated_by: ownerId,
      },
    ]);
  });

  it('without them: case is ignored and nobody is named', async () => {
    const rows = await pretranslated({});
    expect(rows.map((r) => [r.pretranslate_threshold, r.is_confirmed, r.updated_by])).toEqual([
      [null, 1, null],
      [null, 1, null],
    ]);
  });

  it('refuses values that are not booleans or configurations, storing nothing', async () => {
    const project = await createProject(t.app);
    const before = await t.storage.db.selectFrom('documents').select('id').execute();
    for (const [header, value] of [
      ['case_sensitive', 'maybe'],
      ['match_attribution', '2'],
      ['config_id', '999'],
    ] as const) {
      const response = await postDocument(
        t.app,
        { name: 'x.txt', project_id: String(project.id), [header]: value },
        'Hello.',
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(header);
    }
    expect(await t.storage.db.selectFrom('documents').select('id').execute()).toEqual(before);
  });
});
