import { describe, expect, it } from 'vitest';
import type { Segment } from '../../shared/api/segments';
import { createMemory } from '../memories/test-support';
import { download, getDocument } from '../documents/test-support';
import { useSegmentsApp } from './segments-test-support';

// POST /v2/segments: a new segment in a memory or at the end of a document.
const ctx = useSegmentsApp();
const { send, units, expectRefused, newDocument } = ctx;

describe('POST /v2/segments', () => {
  it('with a memory and a target: confirmed and written into the memory', async () => {
    const memory = await createMemory(ctx.t.app);
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
      memory_id: ctx.project.memory_id,
      index: 2,
      target: '',
      is_confirmed: false,
    });
    const read = await getDocument(ctx.t.app, document.id);
    expect(read.segments.map((s) => s.source)).toEqual([
      'First one.',
      'Second one.',
      'Added later.',
    ]);
    expect((await download(ctx.t.app, document.id)).body).toContain(
      '<source>Added later.</source>',
    );
    const original = await download(ctx.t.app, document.id, false);
    expect(original.statusCode, original.body).toBe(200);
    expect(original.body).toBe('First one. Second one.');
  });

  it('splits the source into sentences with shouldApplySegmentation and answers an array', async () => {
    const memory = await createMemory(ctx.t.app);
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
    const memory = await createMemory(ctx.t.app);
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
      () => send('POST', '/v2/segments', { memory_id: memory.id, source: 'x' }, ctx.other.key),
      404,
      `Memory ${memory.id} not found`,
    );
    await expectRefused(
      () => send('POST', '/v2/segments', { document_id: document.id, source: 'x' }, ctx.other.key),
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
