import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import {
  createMemory,
  fixture,
  getMemory,
  importFile,
  postImport,
  query,
  testEngine,
} from './test-support';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ tmEngine: testEngine });
});
afterAll(() => t.close());

const units = (memoryId: number) =>
  t.storage.db
    .selectFrom('memory_units')
    .select(['source', 'target', 'prev_source', 'next_source', 'context_key', 'origin'])
    .where('memory_id', '=', memoryId)
    .orderBy('id')
    .execute();
const terms = (memoryId: number) =>
  t.storage.db
    .selectFrom('memory_terms')
    .select(['source', 'target', 'extra'])
    .where('memory_id', '=', memoryId)
    .orderBy('id')
    .execute();

describe('POST /v2/memories/import', () => {
  it('answers at once and imports a TMX in the background', async () => {
    const paused = await createTestApp({ tmEngine: testEngine, work: { paused: true } });
    try {
      const memory = await createMemory(paused.app);
      const response = await postImport(
        paused.app,
        { memory_id: String(memory.id), name: 'help.tmx' },
        fixture('sample.tmx'),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ id: memory.id, isProcessing: 1 });
      expect(await getMemory(paused.app, memory.id)).toMatchObject({
        is_processing: true,
        num_segments: 0,
      });
      paused.app.work.start();
      await paused.app.work.idle();
      expect(await getMemory(paused.app, memory.id)).toMatchObject({
        is_processing: false,
        num_segments: 5,
        num_terms: 0,
        last_import_error: null,
        version: memory.version + 1,
      });
    } finally {
      await paused.close();
    }
  });

  it('imports TMX units with codes, context and origin, and finds them', async () => {
    const memory = await createMemory(t.app);
    await importFile(t.app, memory.id, 'help.tmx', fixture('sample.tmx'));
    const rows = await units(memory.id);
    expect(rows[0]).toMatchObject({
      prev_source: 'Find Bar',
      next_source: 'Find Text',
      origin: 'help.tmx',
    });
    expect(rows[1]).toMatchObject({
      source: 'Press <g id="1">Enter</g> to perform the search.',
      context_key: 'par_id921641581538352',
    });
    const [best] = await query(
      t.app,
      memory.id,
      'Press <g id="1">Enter</g> to perform the search.',
    );
    expect(best).toMatchObject({
      source: 'Press <g id="1">Enter</g> to perform the search.',
      target: 'Presione <g id="1">Intro</g> para efectuar la búsqueda.',
      score: 100,
      metadata: { memory_id: memory.id, memory_name: 'Help en-es', origin: 'help.tmx' },
    });
  });

  it('imports XLIFF 1.2, XLIFF 2.0 and SDLXLIFF (filters in a LILT-API header)', async () => {
    const memory = await createMemory(t.app);
    await importFile(t.app, memory.id, 'find_toolbar.xlf', fixture('sample-1.2.xlf'));
    await importFile(t.app, memory.id, 'func_date.xlf', fixture('sample-2.0.xlf'));
    expect((await units(memory.id)).map((u) => u.source)).toEqual([
      'Find Text',
      'Enter the <g id="1">text</g> to be searched.<x id="2"/>Press Enter.',
      'Match case <g id="1">only</g>',
      'Returns the <g id="1">serial number</g> of a date.',
      'Line one<x id="1"/>line two.',
      '<g id="1">Bold start</g> and term\tend',
    ]);
    const sdl = await createMemory(t.app);
    const liltApi = JSON.stringify({
      memory_id: sdl.id,
      name: 'cálculo.sdlxliff',
      sdlxliff_filters: [{ confName: 'Draft' }, { confName: 'Locked' }],
    }).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    const response = await postImport(t.app, { 'lilt-api': liltApi }, fixture('sample.sdlxliff'));
    expect(response.statusCode, response.body).toBe(200);
    await t.app.work.idle();
    expect((await units(sdl.id)).map((u) => [u.source, u.origin])).toEqual([
      ['Delete the chart.', 'cálculo.sdlxliff'],
      ['Format the cell.', 'cálculo.sdlxliff'],
    ]);
  });

  it('imports CSV (header, quotes, line breaks) and TSV (literal quotes)', async () => {
    const memory = await createMemory(t.app);
    await importFile(t.app, memory.id, 'units.csv', fixture('units.csv'));
    await importFile(t.app, memory.id, 'units.tsv', fixture('units.tsv'), {
      has_header_row: 'false',
    });
    expect((await units(memory.id)).map((u) => [u.source, u.target])).toEqual([
      ['Save the document, then close it.', 'Guarde el documento y, a continuación, ciérrelo.'],
      ['Open a file', 'Abra un archivo'],
      ['Type "Hello" in the cell.', 'Escriba "Hola" en la celda.'],
      ['First line\nSecond line', 'Primera línea\nSegunda línea'],
      ['Insert Table', 'Insertar tabla'],
      ['"Value"', '"Valor"'],
      ['Delete Rows', 'Eliminar filas'],
    ]);
    expect((await getMemory(t.app, memory.id)).num_segments).toBe(7);
  });

  it('puts TBX and a CSV with a term column into the termbase', async () => {
    const memory = await createMemory(t.app);
    await importFile(t.app, memory.id, 'glossary.tbx', fixture('glossary.tbx'));
    const after = await importFile(t.app, memory.id, 'terms.csv', fixture('terms.csv'));
    expect(after).toMatchObject({ num_segments: 0, num_terms: 5 });
    expect(await terms(memory.id)).toEqual([
      {
        source: 'spreadsheet',
        target: 'hoja de cálculo',
        extra: JSON.stringify({
          definition: 'A document made of cells in rows and columns.',
          partOfSpeech: 'noun',
        }),
      },
      expect.objectContaining({ source: 'worksheet' }),
      { source: 'chart', target: 'gráfico', extra: null },
      {
        source: 'spreadsheet',
        target: 'hoja de cálculo',
        extra: JSON.stringify({
          definition: 'A document of cells, in rows and columns',
          'part of speech': 'noun',
        }),
      },
      { source: 'cell', target: 'celda', extra: JSON.stringify({ 'part of speech': 'noun' }) },
    ]);
  });

  it('skips units the memory or the file already has with skip_duplicates', async () => {
    const memory = await createMemory(t.app);
    const csv =
      'en,es\nOpen a file,Abra un archivo\nOpen a file,Abra un archivo\nOpen a file,Abrir un fichero\n';
    await importFile(t.app, memory.id, 'a.csv', csv, { skip_duplicates: 'true' });
    expect((await getMemory(t.app, memory.id)).num_segments).toBe(2);
    await importFile(t.app, memory.id, 'a.csv', csv, { skip_duplicates: 'true' });
    expect((await getMemory(t.app, memory.id)).num_segments).toBe(2);
    await importFile(t.app, memory.id, 'a.csv', csv);
    expect((await getMemory(t.app, memory.id)).num_segments).toBe(5);
  });

  it('leaves the memory as it was when the file is bad, and says why', async () => {
    const memory = await createMemory(t.app);
    const before = await importFile(t.app, memory.id, 'help.tmx', fixture('sample.tmx'));
    const rows = await units(memory.id);
    const good = readFileSync(new URL('../formats/fixtures/sample.tmx', import.meta.url), 'utf8');
    const cases: Array<[string, string | Buffer, RegExp]> = [
      ['broken.tmx', good.replace('</body>', '</tu></body>'), /^Malformed XML: /],
      [
        'fr.tmx',
        good.replace('srclang="en-US"', 'srclang="fr-FR"'),
        /The TMX's source language is fr-FR/,
      ],
      [
        'fr-de.xlf',
        fixture('sample-1.2.xlf').toString().replace('es-ES', 'de-DE'),
        /translates en-US to de-DE/,
      ],
      ['bad.csv', 'en,es\n"unterminated,x\n', /^Unreadable CSV: /],
      ['wide.csv', 'a,b,c\n1,2,3\n', /^The table has 3 columns/],
      ['binary.csv', Buffer.from([0x41, 0x2c, 0xff, 0xfe, 0x0a]), /not valid UTF-8/],
      ['memory.sdltm', Buffer.from('SQLite format 3\u0000rest'), /SQLite database/],
    ];
    for (const [name, body, message] of cases) {
      const after = await importFile(t.app, memory.id, name, body);
      expect(after.last_import_error, name).toMatch(message);
      expect({ ...after, last_import_error: null }).toEqual(before);
      expect(await units(memory.id)).toEqual(rows);
    }
    const fixed = await importFile(t.app, memory.id, 'units.csv', fixture('units.csv'));
    expect(fixed.last_import_error).toBeNull();
    expect(existsSync(t.dir)).toBe(true);
  });

  it('refuses hostile XML before expanding it, reading nothing from disk', async () => {
    const memory = await createMemory(t.app);
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE tmx [<!ENTITY xxe SYSTEM "file:///etc/hostname">]>' +
      '<tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>&xxe;</seg></tuv>' +
      '<tuv xml:lang="es"><seg>x</seg></tuv></tu></body></tmx>';
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>' +
      '<tmx version="1.4"><header srclang="en"/><body>&lol2;</body></tmx>';
    for (const payload of [xxe, laughs]) {
      const after = await importFile(t.app, memory.id, 'evil.tmx', payload);
      expect(after.last_import_error).toMatch(/declares entities .* refused/);
      expect(after.num_segments).toBe(0);
    }
    const deep = `<tmx version="1.4"><header srclang="en"/><body>${'<tu>'.repeat(200)}</body></tmx>`;
    const after = await importFile(t.app, memory.id, 'deep.tmx', deep);
    expect(after.last_import_error).toMatch(/deeper than 64 levels/);
  });

  it('checks the parameters before reading the body', async () => {
    const memory = await createMemory(t.app);
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ name: 'a.tmx' }, 400, 'header memory_id: is required (or a LILT-API header holding it)'],
      [{ memory_id: 'x', name: 'a.tmx' }, 400, 'header memory_id: must be a positive integer'],
      [
        { memory_id: String(memory.id) },
        400,
        'header name: is required (or a LILT-API header holding it)',
      ],
      [{ 'lilt-api': '{"memory_id":' }, 400, 'header LILT-API: must be a JSON object'],
      [
        {
          memory_id: String(memory.id),
          name: 'a.sdlxliff',
          sdlxliff_filters: '[{"confName":"Done"}]',
        },
        400,
        'header sdlxliff_filters[0].confName: must be one of Translated, Draft, ApprovedTranslation, Locked, SignedOff',
      ],
      [
        { memory_id: String(memory.id), name: 'a.csv', skip_duplicates: 'maybe' },
        400,
        'header skip_duplicates: must be true or false',
      ],
      [{ memory_id: '999999', name: 'a.tmx' }, 404, 'Memory 999999 not found'],
    ];
    for (const [headers, status, message] of cases) {
      const response = await postImport(t.app, headers, 'en,es\na,b\n');
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ message });
    }
    const empty = await postImport(t.app, { memory_id: String(memory.id), name: 'a.csv' }, '');
    expect(empty.statusCode).toBe(400);
  });
});

describe('real data: LibreOffice help, en-es', () => {
  const data = new URL('../../../shared/data/lohelp-7.4.en-es.tsv', import.meta.url);

  it('imports the TSV by its header and finds real sources', async () => {
    expect(
      existsSync(data),
      `${data.pathname} is missing: the shared data folder sits beside the project`,
    ).toBe(true);
    const lines = readFileSync(data, 'utf8').split('\n').filter(Boolean).slice(0, 5000);
    const tsv = `path\tid\ten\tes\n${lines.join('\n')}\n`;
    const memory = await createMemory(t.app);
    const after = await importFile(t.app, memory.id, 'lohelp-7.4.en-es.tsv', tsv);
    expect(after.last_import_error).toBeNull();
    expect(after.num_segments).toBe(5000);
    for (const line of [lines[1], lines[200], lines[4321]]) {
      const [, , en, es] = (line ?? '').split('\t');
      const matches = await query(t.app, memory.id, en ?? '');
      expect(matches[0]?.score).toBeGreaterThanOrEqual(100);
      expect(matches.map((m) => m.target)).toContain(es);
    }
    const fuzzy = await query(
      t.app,
      memory.id,
      'The Find toolbar can be used to search the contents of documents.',
    );
    expect(fuzzy[0]?.source).toBe(
      'The Find toolbar can be used to quickly search the contents of LibreOffice documents.',
    );
    expect(fuzzy[0]?.score).toBeLessThan(100);
  });
});
