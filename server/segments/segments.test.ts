import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentWithSegments } from '../../shared/api/documents';
import type { Project } from '../../shared/api/projects';
import type { Segment } from '../../shared/api/segments';
import { auth, createMemory, query } from '../memories/test-support';
import { createOtherOrganization, createTestApp, TEST_KEY, type TestApp } from '../test-support';
import {
  createProject,
  documentTables,
  download,
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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const send = (method: Method, url: string, payload?: object, key = TEST_KEY) =>
  t.app.inject({ method, url, headers: auth(key), ...(payload ? { payload } : {}) });

const units = (memoryId: number) =>
  t.storage.db
    .selectFrom('memory_units')
    .select(['id', 'source', 'target', 'prev_source', 'next_source', 'context_key', 'origin'])
    .where('memory_id', '=', memoryId)
    .orderBy('id')
    .execute();

/** Refused with `status` and `message`; nothing was written. */
async function expectRefused(
  request: () => ReturnType<typeof send>,
  status: number,
  message: string | RegExp,
) {
  const before = await documentTables(t.storage.db);
  const response = await request();
  expect(response.statusCode, response.body).toBe(status);
  expect((response.json() as { message: string }).message).toMatch(message);
  expect(await documentTables(t.storage.db)).toEqual(before);
}

async function newDocument(text = 'Open the file. Save it now. Close the window.') {
  return uploadDocument(t.app, project.id, 'doc.txt', text);
}

describe('PUT /v2/segments', () => {
  it('confirms: the unit is in the memory with its context, a 100 match at once', async () => {
    const document = await newDocument();
    const [, save] = document.segments;
    const saved = await saveTarget(t.app, { id: save!.id, target: 'Guárdelo ahora.' });
    expect(saved).toMatchObject({
      target: 'Guárdelo ahora.',
      is_confirmed: true,
      target_origin: 'user',
      match_score: null,
    });
    expect(saved.memory_unit_id).not.toBeNull();
    expect(await units(project.memory_id)).toContainEqual({
      id: saved.memory_unit_id,
      source: 'Save it now.',
      target: 'Guárdelo ahora.',
      prev_source: 'Open the file.',
      next_source: 'Close the window.',
      context_key: null,
      origin: 'editor',
    });
    const matches = await query(t.app, project.memory_id, 'Save it now.');
    expect(matches[0]).toMatchObject({ target: 'Guárdelo ahora.', score: 100 });
  });

  it('updates the earlier unit on a second confirm instead of adding one', async () => {
    const document = await newDocument('Print the page.');
    const id = document.segments[0]!.id;
    const first = await saveTarget(t.app, { id, target: 'Imprima la hoja.' });
    const count = (await units(project.memory_id)).length;
    const second = await saveTarget(t.app, { id, target: 'Imprima la página.', match_score: 87 });
    expect(second.memory_unit_id).toBe(first.memory_unit_id);
    expect(second.match_score).toBe(87);
    expect(await units(project.memory_id)).toHaveLength(count);
    const matches = await query(t.app, project.memory_id, 'Print the page.', '&threshold=100');
    expect(matches.map((m) => m.target)).toEqual(['Imprima la página.']);
  });

  it('adds a new unit when the earlier one was deleted from the memory', async () => {
    const document = await newDocument('Rename the folder.');
    const id = document.segments[0]!.id;
    const first = await saveTarget(t.app, { id, target: 'Cambie el nombre.' });
    const gone = await send(
      'DELETE',
      `/v2/memories/segment?id=${project.memory_id}&segment_id=${first.memory_unit_id}`,
    );
    expect(gone.statusCode).toBe(200);
    expect((await send('GET', `/v2/segments?id=${id}`)).json()).toMatchObject({
      memory_unit_id: null,
    });
    const count = (await units(project.memory_id)).length;
    const again = await saveTarget(t.app, { id, target: 'Renombre la carpeta.' });
    expect(await units(project.memory_id)).toHaveLength(count + 1);
    expect(await units(project.memory_id)).toContainEqual(
      expect.objectContaining({ id: again.memory_unit_id, target: 'Renombre la carpeta.' }),
    );
    const matches = await query(t.app, project.memory_id, 'Rename the folder.', '&threshold=100');
    expect(matches.map((m) => m.target)).toEqual(['Renombre la carpeta.']);
  });

  it('saves a draft without writing into the memory', async () => {
    const document = await newDocument('Draft only here.');
    const before = await units(project.memory_id);
    const draft = await saveTarget(t.app, {
      id: document.segments[0]!.id,
      target: 'Borrador.',
      is_confirmed: false,
    });
    expect(draft).toMatchObject({
      target: 'Borrador.',
      is_confirmed: false,
      target_origin: 'user',
      memory_unit_id: null,
    });
    expect(await units(project.memory_id)).toEqual(before);
  });

  it('refuses an empty confirmed target, an unknown and a foreign segment', async () => {
    const document = await newDocument('Keep me.');
    const id = document.segments[0]!.id;
    await expectRefused(
      () => send('PUT', '/v2/segments', { id, target: '  ' }),
      400,
      /target: must not be empty/,
    );
    await expectRefused(
      () => send('PUT', '/v2/segments', { id: 999999, target: 'x' }),
      404,
      'Segment 999999 not found',
    );
    await expectRefused(
      () => send('PUT', '/v2/segments', { id, target: 'x' }, other.key),
      404,
      `Segment ${id} not found`,
    );
    await expectRefused(() => send('PUT', '/v2/segments', { id, target: 5 }), 400, /target/);
  });
});

describe('POST /v2/segments', () => {
  it('with a memory and a target: confirmed and written into the memory', async () => {
    const memory = await createMemory(t.app);
    const response = await send('POST', '/v2/segments', {
      memory_id: memory.id,
      source: 'Hello there.',
      target: 'Hola.',
    });
    expect(response.statusCode, response.body).toBe(200);
    const segment = response.json() as Segment;
    expect(segment).toMatchObject({
      document_id: null,
      memory_id: memory.id,
      index: 0,
      source: 'Hello there.',
      target: 'Hola.',
      srclang: 'en',
      trglang: 'es',
      is_confirmed: true,
      target_origin: 'user',
      word_count: 2,
      // Created with its target: its first revision, as a segment read from a file.
      revision: 1,
    });
    expect(await units(memory.id)).toEqual([
      expect.objectContaining({
        id: segment.memory_unit_id,
        source: 'Hello there.',
        target: 'Hola.',
        origin: 'api',
      }),
    ]);
  });

  it('with a document: appended at its end, in the XLIFF export, the original still merges', async () => {
    const document = await newDocument('First one. Second one.');
    const response = await send('POST', '/v2/segments', {
      document_id: document.id,
      source: 'Added later.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      document_id: document.id,
      memory_id: project.memory_id,
      index: 2,
      target: '',
      is_confirmed: false,
    });
    const read = await getDocument(t.app, document.id);
    expect(read.segments.map((s) => s.source)).toEqual([
      'First one.',
      'Second one.',
      'Added later.',
    ]);
    expect((await download(t.app, document.id)).body).toContain('<source>Added later.</source>');
    const original = await download(t.app, document.id, false);
    expect(original.statusCode, original.body).toBe(200);
    expect(original.body).toBe('First one. Second one.');
  });

  it('splits the source into sentences with shouldApplySegmentation and answers an array', async () => {
    const memory = await createMemory(t.app);
    const response = await send('POST', '/v2/segments', {
      memory_id: memory.id,
      source: 'One thing, e.g. this. Another thing.',
      shouldApplySegmentation: true,
      srcLang: 'en',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as Segment[]).map((s) => s.source)).toEqual([
      'One thing, e.g. this.',
      'Another thing.',
    ]);
  });

  it('refuses what it cannot place, naming the field, and writes nothing', async () => {
    const memory = await createMemory(t.app);
    const document = await newDocument('Somewhere.');
    await expectRefused(
      () => send('POST', '/v2/segments', { source: 'x' }),
      400,
      'memory_id: is required (or document_id)',
    );
    await expectRefused(
      () => send('POST', '/v2/segments', { memory_id: 999999, source: 'x' }),
      404,
      'Memory 999999 not found',
    );
    await expectRefused(
      () => send('POST', '/v2/segments', { document_id: 999999, source: 'x' }),
      404,
      'Document 999999 not found',
    );
    await expectRefused(
      () => send('POST', '/v2/segments', { memory_id: memory.id, source: 'x' }, other.key),
      404,
      `Memory ${memory.id} not found`,
    );
    await expectRefused(
      () => send('POST', '/v2/segments', { document_id: document.id, source: 'x' }, other.key),
      404,
      `Document ${document.id} not found`,
    );
    await expectRefused(
      () =>
        send('POST', '/v2/segments', {
          document_id: document.id,
          memory_id: memory.id,
          source: 'x',
        }),
      400,
      /memory_id: .* is not the memory of document/,
    );
    await expectRefused(
      () =>
        send('POST', '/v2/segments', {
          memory_id: memory.id,
          source: 'A. B.',
          shouldApplySegmentation: true,
        }),
      400,
      'srcLang: is required',
    );
    await expectRefused(
      () =>
        send('POST', '/v2/segments', {
          memory_id: memory.id,
          source: 'One. Two.',
          target: 'Uno. Dos.',
          shouldApplySegmentation: true,
          srcLang: 'en',
        }),
      400,
      /target: cannot be given/,
    );
    await expectRefused(
      () => send('POST', '/v2/segments', { memory_id: memory.id, source: '' }),
      400,
      /source/,
    );
  });
});

describe('GET and DELETE /v2/segments', () => {
  it('reads a segment, with comments when asked', async () => {
    const document = await newDocument('Read me.');
    const id = document.segments[0]!.id;
    const plain = await send('GET', `/v2/segments?id=${id}`);
    expect(plain.json()).toEqual(document.segments[0]);
    const withComments = await send('GET', `/v2/segments?id=${id}&include_comments=true`);
    expect(withComments.json()).toEqual({ ...document.segments[0], comments: [] });
    const foreign = await send('GET', `/v2/segments?id=${id}`, undefined, other.key);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: `Segment ${id} not found` });
  });

  it("deletes a document segment's unit from the memory only", async () => {
    const document = await newDocument('Delete my unit.');
    const id = document.segments[0]!.id;
    const saved = await saveTarget(t.app, { id, target: 'Borre mi unidad.' });
    await expectRefused(
      () => send('DELETE', `/v2/segments?id=${id}`, undefined, other.key),
      404,
      `Segment ${id} not found`,
    );
    const response = await send('DELETE', `/v2/segments?id=${id}`);
    expect(response.json()).toEqual({ id, deleted: true });
    expect(await units(project.memory_id)).not.toContainEqual(
      expect.objectContaining({ id: saved.memory_unit_id }),
    );
    expect((await send('GET', `/v2/segments?id=${id}`)).json()).toMatchObject({
      target: 'Borre mi unidad.',
      memory_unit_id: null,
    });
    expect((await send('DELETE', `/v2/segments?id=${id}`)).json()).toEqual({ id, deleted: false });
  });

  it('deletes a segment without a document, with its unit', async () => {
    const memory = await createMemory(t.app);
    const created = (
      await send('POST', '/v2/segments', {
        memory_id: memory.id,
        source: 'Gone soon.',
        target: 'Pronto.',
      })
    ).json() as Segment;
    expect((await send('DELETE', `/v2/segments?id=${created.id}`)).json()).toEqual({
      id: created.id,
      deleted: true,
    });
    expect(await units(memory.id)).toEqual([]);
    expect((await send('GET', `/v2/segments?id=${created.id}`)).statusCode).toBe(404);
  });
});

describe('legacy segment paths', () => {
  it.each(['', '/2'])('%s/segments/tag puts the tags into the target', async (base) => {
    const url = `${base}/segments/tag?memory_id=${project.memory_id}&source_tagged=${encodeURIComponent('<b>Open</b> the file')}&target=${encodeURIComponent('Abra el archivo')}`;
    const response = await send('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      source_tagged: '<b>Open</b> the file',
      target_tagged: '<b>Abra</b> el archivo',
    });
    const foreign = await send('GET', url, undefined, other.key);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: `Memory ${project.memory_id} not found` });
    const missing = await send(
      'GET',
      `${base}/segments/tag?memory_id=${project.memory_id}&target=x`,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/source_tagged/);
  });

  it.each(['', '/2'])(
    '%s/segments/review/unlock unlocks the organization’s segments only',
    async (base) => {
      const mine: DocumentWithSegments = await newDocument('One. Two. Three.');
      const [a, b, c] = mine.segments.map((s) => s.id) as [number, number, number];
      const theirsProject = await createProject(t.app, {}, other.key);
      const theirs = await uploadDocument(t.app, theirsProject.id, 'x.txt', 'Theirs.', {
        authorization: auth(other.key).authorization,
      });
      const foreign = theirs.segments[0]!.id;
      await t.storage.db
        .updateTable('segments')
        .set({ is_reviewed: 1 })
        .where('id', 'in', [a, b, foreign])
        .execute();

      const response = await send('POST', `${base}/segments/review/unlock`, {
        documentIds: [a, foreign, 999999],
        segmentIds: [b],
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual([a, b]);
      const reviewed = await t.storage.db
        .selectFrom('segments')
        .select(['id', 'is_reviewed'])
        .where('id', 'in', [a, b, c, foreign])
        .orderBy('id')
        .execute();
      expect(reviewed).toEqual([
        { id: a, is_reviewed: 0 },
        { id: b, is_reviewed: 0 },
        { id: c, is_reviewed: 0 },
        { id: foreign, is_reviewed: 1 },
      ]);
      const empty = await send('POST', `${base}/segments/review/unlock`, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toMatch(/documentIds/);
    },
  );
});
