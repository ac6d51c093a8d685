import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Memory } from '../../shared/api/memories';
import { createMemory, fixture, importFile, testEngine } from '../memories/test-support';
import { requireApertium } from '../mt/apertium-test-support';
import { createOtherOrganization, createTestApp, snapshot, type TestApp } from '../test-support';
import { postTranslate, translate } from './test-support';

let t: TestApp;
let memory: Memory;
let german: Memory;

const UNITS = [
  ['Select the cells that you want to copy.', 'Seleccione las celdas que desee copiar.'],
  ['Select the cells that you want to delete.', 'Seleccione las celdas que desee eliminar.'],
  ['Select the cell that you want to move.', 'Seleccione la celda que desee mover.'],
  ['Select the rows that you want to hide now.', 'Seleccione las filas que desee ocultar ahora.'],
  ['Choose Format - Cells.', 'Elija Formato - Celdas.'],
];
const COPY = UNITS[0]![0]!;

beforeAll(async () => {
  requireApertium();
  // The default MT: the app's own Apertium engine, closed with the app.
  t = await createTestApp({ tmEngine: testEngine });
  memory = await createMemory(t.app);
  const csv = `en,es\n${UNITS.map(([s, g]) => `${s},${g}`).join('\n')}\n`;
  await importFile(t.app, memory.id, 'cells.csv', csv);
  german = await createMemory(t.app, { name: 'Help en-de', srclang: 'en', trglang: 'de' });
  await importFile(t.app, german.id, 'de.csv', `en,de\n${COPY},Wählen Sie die Zellen aus.\n`);
});
afterAll(() => t?.close());

describe('POST /v2/translate', () => {
  it('answers TM matches best first, then the Apertium item', async () => {
    const answer = await translate(t.app, { source: COPY, memory_id: memory.id });
    expect(answer.untokenizedSource).toBe(COPY);
    const tm = answer.translation.filter((item) => item.isTMMatch);
    expect(tm[0]).toEqual({
      target: UNITS[0]![1],
      score: 100,
      isTMMatch: true,
      source: COPY,
      metadata: expect.objectContaining({ memory_id: memory.id, origin: 'cells.csv' }),
    });
    const scores = tm.map((item) => item.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores.every((score) => score >= 50)).toBe(true);
    const last = answer.translation.at(-1)!;
    expect(last).toEqual({
      target: expect.any(String),
      score: 0,
      isTMMatch: false,
      engine: 'apertium',
    });
    expect(last.target).toMatch(/celdas/i);
    expect(answer.translation.findIndex((item) => !item.isTMMatch)).toBe(tm.length);
    expect(answer.mtUnavailable).toBeUndefined();
    // Plain answers carry no rich fields.
    expect(answer.tokenizedSource).toBeUndefined();
    expect(answer.translation.some((item) => 'targetWords' in item || 'align' in item)).toBe(false);
  });

  it('honours n and threshold', async () => {
    const all = await translate(t.app, { source: COPY, memory_id: memory.id, mt: false, n: 50 });
    expect(all.translation.length).toBeGreaterThanOrEqual(3);
    const two = await translate(t.app, { source: COPY, memory_id: memory.id, mt: false, n: 2 });
    expect(two.translation).toEqual(all.translation.slice(0, 2));
    const strict = await translate(t.app, {
      source: COPY,
      memory_id: memory.id,
      mt: false,
      threshold: 95,
    });
    expect(strict.translation.map((item) => item.score)).toEqual([100]);
    const low = all.translation.at(-1)!.score;
    const above = await translate(t.app, {
      source: COPY,
      memory_id: memory.id,
      mt: false,
      n: 50,
      threshold: low + 1,
    });
    expect(above.translation.every((item) => item.score > low)).toBe(true);
  });

  it('defaults to at most 5 TM matches', async () => {
    const answer = await translate(t.app, {
      source: 'Select the cells.',
      memory_id: memory.id,
      mt: false,
      threshold: 0,
    });
    expect(answer.translation).toHaveLength(5);
  });

  it('answers MT only with tm_matches=false and TM only with mt=false', async () => {
    const mtOnly = await translate(t.app, {
      source: COPY,
      memory_id: memory.id,
      tm_matches: false,
    });
    expect(mtOnly.translation).toHaveLength(1);
    expect(mtOnly.translation[0]).toMatchObject({ isTMMatch: false, engine: 'apertium' });
    const tmOnly = await translate(t.app, { source: COPY, memory_id: memory.id, mt: false });
    expect(tmOnly.translation.every((item) => item.isTMMatch)).toBe(true);
    expect(tmOnly.mtUnavailable).toBeUndefined();
  });

  it('answers TM only, saying so, for a pair no engine serves (en-de)', async () => {
    const answer = await translate(t.app, { source: COPY, memory_id: german.id });
    expect(answer.translation).toEqual([
      expect.objectContaining({
        target: 'Wählen Sie die Zellen aus.',
        score: 100,
        isTMMatch: true,
      }),
    ]);
    expect(answer.mtUnavailable).toBe('No MT engine serves en-de');
  });

  it('keeps only translations whose target starts with the prefix', async () => {
    const answer = await translate(t.app, {
      source: COPY,
      memory_id: memory.id,
      prefix: 'Seleccione las celdas',
      n: 50,
    });
    expect(answer.translation.length).toBeGreaterThanOrEqual(2);
    for (const item of answer.translation)
      expect(item.target.startsWith('Seleccione las celdas')).toBe(true);
  });

  it('matches a unit added through app.tm.addUnit at once, at 100', async () => {
    const source = 'Freeze the first row of the sheet.';
    const before = await translate(t.app, { source, memory_id: memory.id, mt: false });
    expect(before.translation.some((item) => item.score === 100)).toBe(false);
    await t.app.tm.addUnit(memory.id, {
      source,
      target: 'Inmovilice la primera fila de la hoja.',
      origin: 'editor',
    });
    const after = await translate(t.app, { source, memory_id: memory.id, mt: false });
    expect(after.translation[0]).toMatchObject({
      target: 'Inmovilice la primera fila de la hoja.',
      score: 100,
    });
  });

  it('accepts 5,000 characters and refuses 5,001 naming the limit', async () => {
    const words = 'cell '.repeat(1000);
    const ok = await postTranslate(t.app, { source: words, memory_id: memory.id, mt: false });
    expect(ok.statusCode, ok.body).toBe(200);
    const before = await snapshot(t.storage);
    const tooLong = await postTranslate(t.app, { source: `${words}x`, memory_id: memory.id });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/source is longer than 5,000 characters/);
    expect(await snapshot(t.storage)).toEqual(before);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [object | string, RegExp][] = [
      [{ source: COPY }, /memory_id: is required/],
      [{ memory_id: memory.id }, /source: is required/],
      [{ source: 5, memory_id: memory.id }, /source: must be string/],
      [{ source: COPY, memory_id: String(memory.id) }, /memory_id: must be integer/],
      [{ source: COPY, memory_id: memory.id, rich: 'yes' }, /rich: must be boolean/],
      [{ source: COPY, memory_id: memory.id, n: 0 }, /n: must be >= 1/],
      [{ source: COPY, memory_id: memory.id, threshold: 102 }, /threshold: must be <= 101/],
      ['{"source": ', /Malformed JSON/],
    ];
    for (const [body, message] of cases) {
      const response = await postTranslate(t.app, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
  });

  it('answers 404 for an unknown or foreign memory and an unknown segment', async () => {
    const unknown = await postTranslate(t.app, { source: COPY, memory_id: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'memory_id 999999 not found' });
    const other = await createOtherOrganization(t.storage);
    const foreign = await postTranslate(t.app, { source: COPY, memory_id: memory.id }, other.key);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(`memory_id ${memory.id} not found`);
    const segment = await postTranslate(t.app, {
      source: COPY,
      memory_id: memory.id,
      segment_id: 424_242,
    });
    expect(segment.statusCode).toBe(404);
    expect(segment.json().message).toBe('segment_id 424242 not found');
  });

  it('answers the sample TMX with its inline codes', async () => {
    const help = await createMemory(t.app, { name: 'Help' });
    await importFile(t.app, help.id, 'help.tmx', fixture('sample.tmx'));
    const answer = await translate(t.app, {
      source: 'Deletes {0} rows.',
      memory_id: help.id,
      tm_matches: true,
    });
    expect(answer.translation[0]).toMatchObject({ target: 'Elimina {0} filas.', score: 100 });
    expect(answer.translation.at(-1)!.target).toContain('{0}');
  });

  it('documents the route and its extensions in /openapi.json', async () => {
    const document = (await t.app.inject({ url: '/openapi.json' })).json();
    const operation = document.paths['/v2/translate'].post;
    expect(operation.operationId).toBe('translateSegment');
    const body = operation.requestBody.content['application/json'].schema;
    for (const field of ['threshold', 'mt', 'segment_id']) {
      expect(body.properties[field].description).toMatch(/^Our extension/);
    }
    expect(document.paths['/v2/memories/termbase/hits'].get.operationId).toBe('termbaseHits');
  });
});
