import { describe, expect, it } from 'vitest';
import type { DocumentWithSegments } from '../../shared/api/documents';
import type { Segment } from '../../shared/api/segments';
import { auth, createMemory } from '../memories/test-support';
import { createProject, saveTarget, uploadDocument } from '../documents/test-support';
import { useSegmentsApp } from './segments-test-support';

// Reading and deleting a segment, and the legacy paths that read tags or unlock reviewed ones.
const ctx = useSegmentsApp();
const { send, units, expectRefused, newDocument } = ctx;

describe('GET and DELETE /v2/segments', () => {
  it('reads a segment, with comments when asked', async () => {
    const document = await newDocument('Read me.');
    const id = document.segments[0]!.id;
    const plain = await send('GET', `/v2/segments?id=${id}`);
    expect(plain.json()).toEqual(document.segments[0]);
    const withComments = await send('GET', `/v2/segments?id=${id}&include_comments=true`);
    expect(withComments.json()).toEqual({ ...document.segments[0], comments: [] });
    const foreign = await send('GET', `/v2/segments?id=${id}`, undefined, ctx.other.key);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: `Segment ${id} not found` });
  });

  it("deletes a document segment's unit from the memory only", async () => {
    const document = await newDocument('Delete my unit.');
    const id = document.segments[0]!.id;
    const saved = await saveTarget(ctx.t.app, { id, target: 'Borre mi unidad.' });
    await expectRefused(
      () => send('DELETE', `/v2/segments?id=${id}`, undefined, ctx.other.key),
      404,
      `Segment ${id} not found`,
    );
    const response = await send('DELETE', `/v2/segments?id=${id}`);
    expect(response.json()).toEqual({ id, deleted: true });
    expect(await units(ctx.project.memory_id)).not.toContainEqual(
      expect.objectContaining({ id: saved.memory_unit_id }),
    );
    expect((await send('GET', `/v2/segments?id=${id}`)).json()).toMatchObject({
      target: 'Borre mi unidad.',
      memory_unit_id: null,
    });
    expect((await send('DELETE', `/v2/segments?id=${id}`)).json()).toEqual({ id, deleted: false });
  });

  it('deletes a segment without a document, with its unit', async () => {
    const memory = await createMemory(ctx.t.app);
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
    const url = `${base}/segments/tag?memory_id=${ctx.project.memory_id}&source_tagged=${encodeURIComponent('<b>Open</b> the file')}&target=${encodeURIComponent('Abra el archivo')}`;
    const response = await send('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      source_tagged: '<b>Open</b> the file',
      target_tagged: '<b>Abra</b> el archivo',
    });
    const foreign = await send('GET', url, undefined, ctx.other.key);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: `Memory ${ctx.project.memory_id} not found` });
    const missing = await send(
      'GET',
      `${base}/segments/tag?memory_id=${ctx.project.memory_id}&target=x`,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/source_tagged/);
  });

  it.each(['', '/2'])(
    '%s/segments/review/unlock unlocks the organization’s segments only',
    async (base) => {
      const mine: DocumentWithSegments = await newDocument('One. Two. Three.');
      const [a, b, c] = mine.segments.map((s) => s.id) as [number, number, number];
      const theirsProject = await createProject(ctx.t.app, {}, ctx.other.key);
      const theirs = await uploadDocument(ctx.t.app, theirsProject.id, 'x.txt', 'Theirs.', {
        authorization: auth(ctx.other.key).authorization,
      });
      const foreign = theirs.segments[0]!.id;
      await ctx.t.storage.db
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
      const reviewed = await ctx.t.storage.db
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
