import { describe, expect, it } from 'vitest';
import { query } from '../memories/test-support';
import { saveTarget } from '../documents/test-support';
import { useSegmentsApp } from './segments-test-support';

// PUT /v2/segments: saving a target, and what a confirmed one writes into the memory.
const ctx = useSegmentsApp();
const { send, units, expectRefused, newDocument } = ctx;

describe('PUT /v2/segments', () => {
  it('confirms: the unit is in the memory with its context, a 100 match at once', async () => {
    const document = await newDocument();
    const [, save] = document.segments;
    const saved = await saveTarget(ctx.t.app, { id: save!.id, target: 'Guárdelo ahora.' });
    expect(saved).toMatchObject({
      target: 'Guárdelo ahora.',
      is_confirmed: true,
      target_origin: 'user',
      match_score: null,
    });
    expect(saved.memory_unit_id).not.toBeNull();
    expect(await units(ctx.project.memory_id)).toContainEqual({
      id: saved.memory_unit_id,
      source: 'Save it now.',
      target: 'Guárdelo ahora.',
      prev_source: 'Open the file.',
      next_source: 'Close the window.',
      context_key: null,
      origin: 'editor',
    });
    const matches = await query(ctx.t.app, ctx.project.memory_id, 'Save it now.');
    expect(matches[0]).toMatchObject({ target: 'Guárdelo ahora.', score: 100 });
  });

  it('updates the earlier unit on a second confirm instead of adding one', async () => {
    const document = await newDocument('Print the page.');
    const id = document.segments[0]!.id;
    const first = await saveTarget(ctx.t.app, { id, target: 'Imprima la hoja.' });
    const count = (await units(ctx.project.memory_id)).length;
    const second = await saveTarget(ctx.t.app, {
      id,
      target: 'Imprima la página.',
      match_score: 87,
    });
    expect(second.memory_unit_id).toBe(first.memory_unit_id);
    expect(second.match_score).toBe(87);
    expect(await units(ctx.project.memory_id)).toHaveLength(count);
    const matches = await query(
      ctx.t.app,
      ctx.project.memory_id,
      'Print the page.',
      '&threshold=100',
    );
    expect(matches.map((m) => m.target)).toEqual(['Imprima la página.']);
  });

  it('adds a new unit when the earlier one was deleted from the memory', async () => {
    const document = await newDocument('Rename the folder.');
    const id = document.segments[0]!.id;
    const first = await saveTarget(ctx.t.app, { id, target: 'Cambie el nombre.' });
    const gone = await send(
      'DELETE',
      `/v2/memories/segment?id=${ctx.project.memory_id}&segment_id=${first.memory_unit_id}`,
    );
    expect(gone.statusCode).toBe(200);
    expect((await send('GET', `/v2/segments?id=${id}`)).json()).toMatchObject({
      memory_unit_id: null,
    });
    const count = (await units(ctx.project.memory_id)).length;
    const again = await saveTarget(ctx.t.app, { id, target: 'Renombre la carpeta.' });
    expect(await units(ctx.project.memory_id)).toHaveLength(count + 1);
    expect(await units(ctx.project.memory_id)).toContainEqual(
      expect.objectContaining({ id: again.memory_unit_id, target: 'Renombre la carpeta.' }),
    );
    const matches = await query(
      ctx.t.app,
      ctx.project.memory_id,
      'Rename the folder.',
      '&threshold=100',
    );
    expect(matches.map((m) => m.target)).toEqual(['Renombre la carpeta.']);
  });

  it('saves a draft without writing into the memory', async () => {
    const document = await newDocument('Draft only here.');
    const before = await units(ctx.project.memory_id);
    const draft = await saveTarget(ctx.t.app, {
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
    expect(await units(ctx.project.memory_id)).toEqual(before);
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
      () => send('PUT', '/v2/segments', { id, target: 'x' }, ctx.other.key),
      404,
      `Segment ${id} not found`,
    );
    await expectRefused(() => send('PUT', '/v2/segments', { id, target: 5 }), 400, /target/);
  });
});
