import { describe, expect, it } from 'vitest';
import { ConcordanceIndex, type ConcordanceQuery } from './concordance-index';
import { phraseRanges, queryWords } from './concordance-ranges';

function indexOf(units: [number, string, string][]): ConcordanceIndex {
  const index = new ConcordanceIndex();
  for (const [id, source, target] of units) index.add(id, source, target);
  return index;
}

const ids = (index: ConcordanceIndex, query: Partial<ConcordanceQuery> & { text: string }) =>
  index.search({ in: 'source', limit: 10, ...query }).hits.map((hit) => hit.id);

describe('ConcordanceIndex', () => {
  const index = indexOf([
    [1, 'Open the file menu, then the file.', 'Abra el menú Archivo.'],
    [2, 'The FILE is open.', 'El archivo está abierto.'],
    [3, 'A profile of the files', 'Un perfil de los archivos'],
    [4, 'File menu', 'Menú Archivo'],
    [5, 'Élan vital, café', 'Café'],
    [6, 'menu file order', 'orden'],
  ]);

  it('finds whole words, case-insensitively, shortest first then newest', () => {
    expect(ids(index, { text: 'file' })).toEqual([4, 6, 2, 1]);
    expect(ids(index, { text: 'FILES' })).toEqual([3]);
  });

  it('finds a phrase only with its words consecutive and in order', () => {
    expect(ids(index, { text: 'file menu' })).toEqual([4, 1]);
    expect(ids(index, { text: 'menu, file' })).toEqual([6]);
    expect(ids(index, { text: 'file open' })).toEqual([]);
  });

  it('ignores accents and searches the target or both sides', () => {
    expect(ids(index, { text: 'elan' })).toEqual([5]);
    expect(ids(index, { text: 'CAFE', in: 'target' })).toEqual([5]);
    expect(ids(index, { text: 'menu', in: 'target' })).toEqual([4, 1]);
    expect(ids(index, { text: 'menú archivo', in: 'both' })).toEqual([4, 1]);
  });

  it('answers nothing for unknown words or a query without words', () => {
    expect(index.search({ text: 'zebra file', in: 'both', limit: 5 })).toEqual({
      hits: [],
      scanned: 0,
      capped: false,
    });
    expect(ids(index, { text: '?!' })).toEqual([]);
  });

  it('caps the candidates it looks at and says so', () => {
    const result = index.search({ text: 'file', in: 'source', limit: 10, maxScanned: 2 });
    expect(result.capped).toBe(true);
    expect(result.scanned).toBe(2);
    expect(result.hits.map((hit) => hit.id)).toEqual([4, 6]);
  });

  it('follows replacements and removals, also across a compaction', () => {
    const changing = indexOf([[1, 'red apple', 'manzana roja']]);
    changing.add(1, 'green apple', 'manzana verde');
    expect(ids(changing, { text: 'red' })).toEqual([]);
    expect(ids(changing, { text: 'green apple' })).toEqual([1]);
    for (let id = 2; id < 10_000; id++) changing.add(id, `apple ${id}`, 'x');
    for (let id = 2; id < 10_000; id++) changing.remove(id);
    expect(changing.size).toBe(1);
    expect(ids(changing, { text: 'apple' })).toEqual([1]);
    changing.add(5, 'apple pie', 'tarta');
    expect(ids(changing, { text: 'apple' })).toEqual([5, 1]);
  });

  it('intersects long lists (galloping) the same as a plain scan', () => {
    const many = new ConcordanceIndex();
    const texts: string[] = [];
    for (let id = 1; id <= 3000; id++) {
      const text = `${id % 3 === 0 ? 'alpha' : 'beta'} ${id % 7 === 0 ? 'gamma' : 'delta'} w${id}`;
      texts.push(text);
      many.add(id, text, '');
    }
    const found = many.search({ text: 'alpha gamma', in: 'source', limit: 1000 });
    const expected = texts
      .map((text, k) => ({ text, id: k + 1 }))
      .filter((unit) => unit.text.startsWith('alpha gamma'))
      .map((unit) => unit.id)
      .reverse();
    expect(found.hits.map((hit) => hit.id)).toEqual(expected);
  });
});

describe('phraseRanges', () => {
  it('covers each occurrence from its first word to its last, accents and case aside', () => {
    const text = 'The Café menu, café  MENU and cafe-menu.';
    const ranges = phraseRanges(text, queryWords('cafe menu'));
    expect(ranges.map(([start, end]) => text.slice(start, end))).toEqual([
      'Café menu',
      'café  MENU',
      'cafe-menu',
    ]);
  });

  it('answers no range for a query without words', () => {
    expect(queryWords('... !')).toEqual([]);
    expect(phraseRanges('Hello', [])).toEqual([]);
  });
});
