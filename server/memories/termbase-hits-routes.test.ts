import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Memory } from '../../shared/api/memories';
import type { TermHit } from '../../shared/api/translate';
import { auth, createMemory, importFile } from './test-support';
import { TEST_KEY, createOtherOrganization, createTestApp, type TestApp } from '../test-support';

let t: TestApp;
let memory: Memory;

const TERMS = `term,translation,definition
cat,gato,A small feline
category,categoría,
cell,celda,One box of a sheet
cell range,rango de celdas,
spreadsheet cell,celda de hoja,
range,intervalo,
e-mail,correo electrónico,
`;

beforeAll(async () => {
  t = await createTestApp({ mt: null });
  memory = await createMemory(t.app, { name: 'Glossary' });
  await importFile(t.app, memory.id, 'terms.csv', TERMS);
});
afterAll(() => t?.close());

const hitsUrl = (id: number, text: string) =>
  `/v2/memories/termbase/hits?id=${id}&query=${encodeURIComponent(text)}`;

async function hits(text: string, id = memory.id): Promise<TermHit[]> {
  const response = await t.app.inject({ url: hitsUrl(id, text), headers: auth(TEST_KEY) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The text each hit covers, in order. */
const covered = (text: string, found: TermHit[]) =>
  found.map((hit) => hit.ranges.map(([start, end]) => text.slice(start, end)));

describe('GET /v2/memories/termbase/hits', () => {
  it('finds whole words only, case-insensitively, with every range', async () => {
    const text = 'The Cat sat in a category of cats with another CAT.';
    const found = await hits(text);
    expect(found).toEqual([
      {
        source: 'cat',
        target: 'gato',
        ranges: [
          [4, 7],
          [47, 50],
        ],
        extra: { definition: 'A small feline' },
      },
      { source: 'category', target: 'categoría', ranges: [[17, 25]], extra: {} },
    ]);
    expect(covered(text, found)).toEqual([['Cat', 'CAT'], ['category']]);
  });

  it('takes the longest terms first, never overlapping, ordered by first occurrence', async () => {
    const text = 'A spreadsheet cell range, then a cell and a range.';
    const found = await hits(text);
    expect(found.map((hit) => hit.source)).toEqual(['spreadsheet cell', 'range', 'cell']);
    expect(covered(text, found)).toEqual([['spreadsheet cell'], ['range', 'range'], ['cell']]);
    const other = await hits('Select the cell range.');
    expect(other.map((hit) => hit.source)).toEqual(['cell range']);
  });

  it('counts UTF-16 offsets and matches multi-token terms as written', async () => {
    const text = '😀 Send an E-mail, not an e - mail, to the cat';
    const found = await hits(text);
    expect(found.map((hit) => [hit.source, hit.ranges])).toEqual([
      ['e-mail', [[11, 17]]],
      ['cat', [[43, 46]]],
    ]);
    expect(await hits('nothing here')).toEqual([]);
  });

  it('sees terms of a new import at once (the cached matcher follows the termbase)', async () => {
    expect(await hits('A dog and a cat.')).toHaveLength(1);
    await importFile(t.app, memory.id, 'more.csv', 'term,translation\ndog,perro\n');
    const found = await hits('A dog and a cat.');
    expect(found.map((hit) => hit.target)).toEqual(['perro', 'gato']);
  });

  it('answers 404 for an unknown or foreign memory and 400 for a bad query', async () => {
    const unknown = await t.app.inject({ url: hitsUrl(999_999, 'cat'), headers: auth(TEST_KEY) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Memory 999999 not found' });
    const other = await createOtherOrganization(t.storage);
    const foreign = await t.app.inject({
      url: hitsUrl(memory.id, 'cat'),
      headers: auth(other.key),
    });
    expect(foreign.statusCode).toBe(404);
    const cases: [string, RegExp][] = [
      [`/v2/memories/termbase/hits?id=${memory.id}`, /query parameter query: is required/],
      ['/v2/memories/termbase/hits?query=cat', /query parameter id: is required/],
      ['/v2/memories/termbase/hits?id=x&query=cat', /query parameter id: must be integer/],
      [hitsUrl(memory.id, 'x'.repeat(5001)), /query parameter query: .*5000/],
    ];
    for (const [url, message] of cases) {
      const response = await t.app.inject({ url, headers: auth(TEST_KEY) });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toMatch(message);
    }
  });

  it('answers every entry of a source that has two targets', async () => {
    const both = await createMemory(t.app, { name: 'Two targets' });
    await importFile(t.app, both.id, 'two.csv', 'term,translation\nCell,celda\ncell,casilla\n');
    const found = await hits('One cell.', both.id);
    expect(found.map((hit) => [hit.target, hit.ranges])).toEqual([
      ['celda', [[4, 8]]],
      ['casilla', [[4, 8]]],
    ]);
  });

  it("never shows a deleted memory's terms to a new memory, nor under the old id", async () => {
    const other = await createOtherOrganization(t.storage, 'wb_reuse-org-key-0123456789');
    const secret = await createMemory(t.app, { name: 'Secret' });
    await importFile(t.app, secret.id, 'secret.csv', 'term,translation\nsecret,CONFIDENTIAL\n');
    expect(await hits('A secret plan.', secret.id)).toHaveLength(1);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/v2/memories?id=${secret.id}`,
      headers: auth(TEST_KEY),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    // Ids are never handed out again (migration 8), so the old id stays unknown to everyone.
    const reused = await createMemory(t.app, { name: 'Theirs' }, other.key);
    expect(reused.id).toBeGreaterThan(secret.id);
    const old = await t.app.inject({
      url: hitsUrl(secret.id, 'A secret plan.'),
      headers: auth(other.key),
    });
    expect(old.statusCode, old.body).toBe(404);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/memories/import',
      headers: {
        ...auth(other.key),
        'content-type': 'application/octet-stream',
        memory_id: String(reused.id),
        name: 'theirs.csv',
      },
      payload: 'term,translation\nplan,plano\n',
    });
    expect(response.statusCode, response.body).toBe(200);
    await t.app.work.idle();
    const theirs = await t.app.inject({
      url: hitsUrl(reused.id, 'A secret plan.'),
      headers: auth(other.key),
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect((theirs.json() as TermHit[]).map((hit) => hit.target)).toEqual(['plano']);
  });

  it('walks many terms that share their first word along the text, not term by term', async () => {
    const shared = await createMemory(t.app, { name: 'Shared first word' });
    const rows = Array.from({ length: 2000 }, (_, i) => `term number${i},término ${i}`);
    await importFile(t.app, shared.id, 'shared.csv', `term,translation\n${rows.join('\n')}\n`);
    const text = `${'term '.repeat(900)}term number1999 and term number7.`;
    const found = await hits(text, shared.id);
    expect(found.map((hit) => hit.target)).toEqual(['término 1999', 'término 7']);
  });
});
