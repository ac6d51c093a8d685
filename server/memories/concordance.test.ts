import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConcordanceResponse } from '../../shared/api/concordance';
import type { Memory } from '../../shared/api/memories';
import { auth, createMemory, importFile } from './test-support';
import { TEST_KEY, createOtherOrganization, createTestApp, type TestApp } from '../test-support';

let t: TestApp;
let memory: Memory;

const UNITS = `source,target
Open the File menu.,Abra el menú Archivo.
Save the file before you close it.,Guarde el archivo antes de cerrarlo.
The profile files are kept.,Los archivos de perfil se guardan.
File menu,Menú Archivo
"Élan vital, the café.","Élan vital, el café."
`;

beforeAll(async () => {
  t = await createTestApp({ mt: null });
  memory = await createMemory(t.app, { name: 'Concordance' });
  await importFile(t.app, memory.id, 'units.csv', UNITS);
});
afterAll(() => t?.close());

const url = (params: Record<string, string | number>) =>
  `/v2/memories/concordance?${new URLSearchParams(
    Object.entries(params).map(([name, value]): [string, string] => [name, String(value)]),
  ).toString()}`;

async function search(params: Record<string, string | number>, key = TEST_KEY) {
  return t.app.inject({ url: url({ id: memory.id, ...params }), headers: auth(key) });
}

async function hits(params: Record<string, string | number>): Promise<ConcordanceResponse> {
  const response = await search(params);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Each hit's marked text: source marks, then target marks. */
const marked = (answer: ConcordanceResponse) =>
  answer.hits.map((hit) => [
    hit.source_ranges.map(([start, end]) => hit.source.slice(start, end)),
    hit.target_ranges.map(([start, end]) => hit.target.slice(start, end)),
  ]);

describe('GET /v2/memories/concordance', () => {
  it('finds whole words in the sources, case-insensitively, shortest first', async () => {
    const answer = await hits({ q: 'FILE' });
    expect(answer.capped).toBe(false);
    expect(answer.hits.map((hit) => hit.source)).toEqual([
      'File menu',
      'Open the File menu.',
      'Save the file before you close it.',
    ]);
    expect(marked(answer)).toEqual([
      [['File'], []],
      [['File'], []],
      [['file'], []],
    ]);
    expect(answer.hits[0]!.metadata).toMatchObject({
      memory_id: memory.id,
      memory_name: 'Concordance',
      origin: 'units.csv',
    });
  });

  it('finds a phrase only with its words in order, and accents aside', async () => {
    expect(marked(await hits({ q: 'file menu' }))).toEqual([
      [['File menu'], []],
      [['File menu'], []],
    ]);
    expect((await hits({ q: 'menu file' })).hits).toEqual([]);
    expect(marked(await hits({ q: 'elan vital' }))).toEqual([[['Élan vital'], []]]);
  });

  it('looks in the target or both sides, and caps the count with n', async () => {
    expect(marked(await hits({ q: 'menu archivo', in: 'target' }))).toEqual([
      [[], ['Menú Archivo']],
      [[], ['menú Archivo']],
    ]);
    expect(marked(await hits({ q: 'cafe', in: 'both' }))).toEqual([[['café'], ['café']]]);
    expect((await hits({ q: 'file', n: 1 })).hits.map((hit) => hit.source)).toEqual(['File menu']);
  });

  it('follows units added and deleted', async () => {
    const added = await t.app.tm.addUnit(memory.id, {
      source: 'Zebra crossing',
      target: 'Paso de cebra',
      origin: 'api',
    });
    expect((await hits({ q: 'zebra' })).hits.map((hit) => hit.metadata.segment_id)).toEqual([
      added.id,
    ]);
    await t.app.tm.deleteUnit(memory.id, added.id);
    expect((await hits({ q: 'zebra' })).hits).toEqual([]);
  });

  it('says what is wrong with bad input, in words', async () => {
    const cases: [Record<string, string | number>, number, RegExp][] = [
      [{ q: '' }, 400, /q/],
      [{ q: '?!' }, 400, /no word/],
      [{ q: 'file', n: 0 }, 400, /n/],
      [{ q: 'file', n: 101 }, 400, /n/],
      [{ q: 'file', in: 'middle' }, 400, /in/],
      [{ q: 'file', id: 999_999 }, 404, /Memory 999999 not found/],
    ];
    for (const [params, status, message] of cases) {
      const response = await search(params);
      expect(response.statusCode, JSON.stringify(params)).toBe(status);
      expect(response.json().message).toMatch(message);
    }
  });

  it("answers 404 for another organization's memory and 401 without a key", async () => {
    const other = await createOtherOrganization(t.storage);
    expect((await search({ q: 'file' }, other.key)).statusCode).toBe(404);
    const anonymous = await t.app.inject({ url: url({ id: memory.id, q: 'file' }) });
    expect(anonymous.statusCode).toBe(401);
  });
});
