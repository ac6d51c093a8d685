import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../shared/api/projects';
import {
  MAX_BATCH_SEGMENTS,
  type SegmentBatchItem,
  type SegmentBatchResponse,
} from '../../shared/api/segments';
import type { TmRegistry } from '../memories/registry';
import { auth } from '../memories/test-support';
import { createBatchWrites } from './batch-writes';
import { createOtherOrganization, createTestApp, TEST_KEY, type TestApp } from '../test-support';
import {
  createProject,
  documentTables,
  getDocument,
  saveTarget,
  uploadDocument,
} from '../documents/test-support';

let t: TestApp;
let project: Project;
let other: { key: string };

beforeAll(async () => {
  t = await createTestApp({ mt: null });
  project = await createProject(t.app);
  other = await createOtherOrganization(t.storage);
});
afterAll(() => t.close());

const putBatch = (document_id: number, segments: SegmentBatchItem[], key = TEST_KEY) =>
  t.app.inject({
    method: 'PUT',
    url: '/v2/documents/segments',
    headers: auth(key),
    payload: { document_id, segments },
  });

async function saveBatch(documentId: number, segments: SegmentBatchItem[]) {
  const response = await putBatch(documentId, segments);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SegmentBatchResponse>();
}

/** Refused with `status` and `message`; nothing was written. */
async function expectRefused(
  request: () => ReturnType<typeof putBatch>,
  status: number,
  message: string | RegExp,
) {
  const before = await documentTables(t.storage.db);
  const response = await request();
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json<{ message: string }>().message).toMatch(message);
  expect(await documentTables(t.storage.db)).toEqual(before);
}

const unitTargets = async () =>
  (
    await t.storage.db
      .selectFrom('memory_units')
      .select('target')
      .where('memory_id', '=', project.memory_id)
      .orderBy('id')
      .execute()
  ).map((unit) => unit.target);

/** A document of three segments: the first confirmed, the second a draft, the third empty. */
async function newDocument() {
  const document = await uploadDocument(
    t.app,
    project.id,
    'batch.txt',
    'Open the file. Save the file. Close the window.',
  );
  const [first, second, third] = document.segments.map((segment) => segment.id) as [
    number,
    number,
    number,
  ];
  await saveTarget(t.app, { id: first, target: 'Abra el archivo.' });
  await saveTarget(t.app, {
    id: second,
    target: 'Guarde el archivo.',
    is_confirmed: false,
    match_score: 85,
  });
  return { id: document.id, first, second, third };
}

describe('PUT /v2/documents/segments', () => {
  it('saves every segment in one call, as PUT /v2/segments would, and the undo restores them', async () => {
    const doc = await newDocument();
    const answer = await saveBatch(doc.id, [
      // Replaced in a confirmed segment that goes back to a draft: the memory keeps its unit.
      {
        id: doc.first,
        target: 'Abra el fichero.',
        expected_target: 'Abra el archivo.',
        is_confirmed: false,
      },
      {
        id: doc.second,
        target: 'Guarde el fichero.',
        expected_target: 'Guarde el archivo.',
        is_confirmed: false,
      },
    ]);
    expect(answer.changed_since).toEqual([]);
    expect(answer.saved).toMatchObject([
      {
        id: doc.first,
        target: 'Abra el fichero.',
        is_confirmed: false,
        revision: 3,
        target_origin: 'user',
      },
      { id: doc.second, target: 'Guarde el fichero.', is_confirmed: false, match_score: null },
    ]);
    expect(await unitTargets()).toContain('Abra el archivo.');

    // The undo: back to the targets, confirmation, score and origin they had.
    const undo = await saveBatch(doc.id, [
      {
        id: doc.first,
        target: 'Abra el archivo.',
        expected_target: 'Abra el fichero.',
        is_confirmed: true,
      },
      {
        id: doc.second,
        target: 'Guarde el archivo.',
        expected_target: 'Guarde el fichero.',
        is_confirmed: false,
        match_score: 85,
        target_origin: 'tm',
      },
    ]);
    expect(undo.saved).toMatchObject([
      { id: doc.first, target: 'Abra el archivo.', is_confirmed: true },
      {
        id: doc.second,
        target: 'Guarde el archivo.',
        is_confirmed: false,
        match_score: 85,
        target_origin: 'tm',
      },
    ]);
    const stored = await getDocument(t.app, doc.id);
    expect(stored.segments.map((s) => [s.target, s.is_confirmed])).toEqual([
      ['Abra el archivo.', true],
      ['Guarde el archivo.', false],
      ['', false],
    ]);
  });

  it('keeps a confirmed segment confirmed when asked, rewriting its unit in the memory', async () => {
    const doc = await newDocument();
    const answer = await saveBatch(doc.id, [
      { id: doc.first, target: 'Abra el documento.', expected_target: 'Abra el archivo.' },
    ]);
    expect(answer.saved[0]).toMatchObject({ target: 'Abra el documento.', is_confirmed: true });
    const units = await unitTargets();
    expect(units).toContain('Abra el documento.');
  });

  it('leaves a segment changed since as it is and answers it in changed_since', async () => {
    const doc = await newDocument();
    await saveTarget(t.app, { id: doc.second, target: 'Guárdelo.', is_confirmed: false });
    const answer = await saveBatch(doc.id, [
      {
        id: doc.first,
        target: 'Abra el fichero.',
        expected_target: 'Abra el archivo.',
        is_confirmed: false,
      },
      {
        id: doc.second,
        target: 'Guarde el fichero.',
        expected_target: 'Guarde el archivo.',
        is_confirmed: false,
      },
    ]);
    expect(answer.saved.map((s) => s.id)).toEqual([doc.first]);
    expect(answer.changed_since).toMatchObject([{ id: doc.second, target: 'Guárdelo.' }]);
  });

  it('is all or nothing: a failure in the middle leaves every segment and unit as it was', async () => {
    const doc = await newDocument();
    await saveTarget(t.app, { id: doc.second, target: 'Guarde el archivo.' });
    // A registry whose second unit update fails, as a full disk or a lost connection would.
    let updates = 0;
    const tm = t.app.tm;
    const failing = {
      ...tm,
      write: (fn) =>
        tm.write((w) =>
          fn({
            tx: w.tx,
            add: (memoryId, unit) => w.add(memoryId, unit),
            remove: (memoryId, unitId) => w.remove(memoryId, unitId),
            update: async (memoryId, unitId, patch) => {
              updates += 1;
              if (updates === 2) throw new Error('disk full');
              return w.update(memoryId, unitId, patch);
            },
          }),
        ),
    } satisfies TmRegistry;
    const { org_id: orgId } = await t.storage.db
      .selectFrom('documents')
      .select('org_id')
      .where('id', '=', doc.id)
      .executeTakeFirstOrThrow();
    const user = await t.storage.db
      .selectFrom('users')
      .select('id')
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow();
    const before = await documentTables(t.storage.db);
    const save = createBatchWrites(t.storage, failing);
    await expect(
      save(
        { orgId, userId: user.id },
        {
          document_id: doc.id,
          segments: [
            { id: doc.first, target: 'Abra el fichero.', expected_target: 'Abra el archivo.' },
            { id: doc.second, target: 'Guarde el fichero.', expected_target: 'Guarde el archivo.' },
          ],
        },
      ),
    ).rejects.toThrow('disk full');
    expect(updates).toBe(2);
    expect(await documentTables(t.storage.db)).toEqual(before);
  });

  it('refuses the whole call for an id outside the document or the organization', async () => {
    const doc = await newDocument();
    const otherDoc = await newDocument();
    const item = (id: number): SegmentBatchItem => ({
      id,
      target: 'X',
      expected_target: '',
      is_confirmed: false,
    });
    await expectRefused(
      () => putBatch(doc.id, [item(doc.third), item(otherDoc.third)]),
      404,
      `Segments not found in document ${doc.id}: ${otherDoc.third}`,
    );
    await expectRefused(
      () => putBatch(doc.id, [item(doc.third), item(99_999_999)]),
      404,
      /99999999/,
    );
    await expectRefused(
      () => putBatch(99_999_999, [item(doc.third)]),
      404,
      'Document 99999999 not found',
    );
    await expectRefused(
      () => putBatch(doc.id, [item(doc.third)], other.key),
      404,
      `Document ${doc.id} not found`,
    );
  });

  it('refuses duplicates, an empty confirmed target and batches over the limits, in words', async () => {
    const doc = await newDocument();
    const item = { id: doc.third, target: 'X', expected_target: '', is_confirmed: false };
    await expectRefused(
      () => putBatch(doc.id, [item, item]),
      400,
      /segments\[1\]\.id: segment \d+ is listed twice/,
    );
    await expectRefused(
      () => putBatch(doc.id, [{ ...item, target: ' ', is_confirmed: true }]),
      400,
      /segments\[0\]\.target: must not be empty to confirm/,
    );
    const tooMany = Array.from({ length: MAX_BATCH_SEGMENTS + 1 }, (_, i) => ({
      ...item,
      id: i + 1,
    }));
    await expectRefused(
      () => putBatch(doc.id, tooMany),
      400,
      'body field segments: must NOT have more than 10000 items',
    );
    const long = 'x'.repeat(50_000);
    const tooLong = Array.from({ length: 81 }, (_, i) => ({
      ...item,
      id: i + 1,
      target: long,
      expected_target: long,
    }));
    await expectRefused(() => putBatch(doc.id, tooLong), 413, /over the limit of 8,000,000/);
    await expectRefused(
      () => putBatch(doc.id, []),
      400,
      'body field segments: must NOT have fewer than 1 items',
    );
  });
});
