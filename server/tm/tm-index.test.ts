import { describe, expect, it } from 'vitest';
import { fullScan, prepareFullScan } from './full-scan';
import { createTmIndex } from './tm-index';
import type { TmQuery, TmUnit } from './types';
import { seededRandom } from '../../shared/seeded-random';

const unit = (id: number, source: string, extra: Partial<TmUnit> = {}): TmUnit => ({
  id,
  source,
  target: `t${id}`,
  prevSource: null,
  nextSource: null,
  contextKey: null,
  ...extra,
});

/** Sentences over a Zipf-like vocabulary, with numbers, codes and punctuation; some long. */
function sentences(seed: number) {
  const next = seededRandom(seed);
  const vocabulary = Array.from({ length: 300 }, (_, i) => `w${i}`).concat([
    '.',
    ',',
    '7',
    '12',
    '<g id="1">',
    '</g>',
    '<x id="2"/>',
    '{0}',
    '%s',
  ]);
  const word = () => vocabulary[Math.floor(vocabulary.length * next() ** 3)]!;
  const make = () => {
    const r = next();
    const length = r < 0.05 ? 33 + Math.floor(next() * 60) : 1 + Math.floor(next() * 14);
    return Array.from({ length }, word).join(' ');
  };
  /** A near copy: a few words changed, inserted or dropped. */
  const vary = (text: string) => {
    const words = text.split(' ');
    for (let e = 1 + Math.floor(next() * 3); e > 0; e--) {
      const at = Math.floor(next() * words.length);
      const r = next();
      if (r < 0.5) words[at] = word();
      else if (r < 0.75) words.splice(at, 0, word());
      else if (words.length > 1) words.splice(at, 1);
    }
    return words.join(' ');
  };
  return { next, make, vary };
}

describe('TmIndex', () => {
  it('finds a unit the moment it is added, before and after the lists are built', () => {
    const index = createTmIndex();
    index.add(unit(1, 'Open the file.'));
    expect(index.query({ text: 'Open the file.' })).toEqual([{ id: 1, score: 100 }]);
    index.add(unit(2, 'Open the file now.'));
    expect(index.query({ text: 'Open the file.' })).toEqual([
      { id: 1, score: 100 },
      { id: 2, score: 80 },
    ]);
    expect(index.size).toBe(2);
  });

  it('replaces a unit with the same id', () => {
    const index = createTmIndex();
    index.add(unit(1, 'Open the file.'));
    index.add(unit(2, 'Close the file.'));
    expect(index.query({ text: 'Open the file.' })).toHaveLength(2);
    index.add(unit(1, 'Print the page.'));
    expect(index.size).toBe(2);
    // Print the page. scores 50 for Open the file.
    expect(index.query({ text: 'Open the file.', threshold: 60 })).toEqual([{ id: 2, score: 75 }]);
    expect(index.query({ text: 'Print the page.', threshold: 60 })).toEqual([
      { id: 1, score: 100 },
    ]);
  });

  it('removes units', () => {
    const index = createTmIndex();
    index.add(unit(1, 'Open the file.'));
    index.add(unit(2, 'Open the file.'));
    expect(index.remove(1)).toBe(true);
    expect(index.remove(1)).toBe(false);
    expect(index.remove(99)).toBe(false);
    expect(index.size).toBe(1);
    expect(index.query({ text: 'Open the file.' })).toEqual([{ id: 2, score: 100 }]);
    index.remove(2);
    expect(index.query({ text: 'Open the file.' })).toEqual([]);
    expect(index.size).toBe(0);
  });

  it('keeps units without tokens but never returns them', () => {
    const index = createTmIndex();
    index.add(unit(1, ''));
    index.add(unit(2, '   '));
    expect(index.size).toBe(2);
    expect(index.query({ text: 'anything', threshold: 1 })).toEqual([]);
    expect(index.query({ text: '' })).toEqual([]);
  });

  it('applies limit, threshold, penalties and the 101 context like the full scan', () => {
    const units = [
      unit(1, 'Page 5 of 10', { contextKey: 'k1' }),
      unit(2, 'Page 6 of 10', { prevSource: 'A', nextSource: 'B' }),
      unit(3, 'Page 5 of 10', { prevSource: 'A', nextSource: 'B' }),
      unit(4, 'Click <g id="1">OK</g>.'),
    ];
    const index = createTmIndex();
    for (const u of units) index.add(u);
    const queries: TmQuery[] = [
      { text: 'Page 5 of 10' },
      { text: 'Page 5 of 10', contextKey: 'k1' },
      { text: 'Page 5 of 10', prevSource: 'A', nextSource: 'B' },
      { text: 'Page 5 of 10', prevSource: 'A', nextSource: 'B', threshold: 101 },
      { text: 'Page 5 of 10', limit: 0 },
      { text: 'Page 5 of 10', limit: 1 },
      { text: 'Page 7 of 11', threshold: 98 },
      { text: 'Click <g id="2">OK</g>.' },
    ];
    for (const q of queries) expect(index.query(q), JSON.stringify(q)).toEqual(fullScan(units, q));
    expect(index.query({ text: 'Page 5 of 10', prevSource: 'A', nextSource: 'B' })[0]).toEqual({
      id: 3,
      score: 101,
    });
  });

  it('handles segments longer than the 255 tokens the lists store exactly', () => {
    const { next, vary } = sentences(9);
    const words = (count: number) =>
      Array.from({ length: count }, () => `w${Math.floor(next() * 400)}`).join(' ');
    const units = Array.from({ length: 300 }, (_, i) =>
      unit(i + 1, words(i % 2 ? 200 + Math.floor(next() * 400) : 1 + Math.floor(next() * 30))),
    );
    const index = createTmIndex();
    for (const u of units) index.add(u);
    let withLongHit = 0;
    for (let q = 0; q < 80; q++) {
      const base = units[Math.floor(next() * units.length)]!;
      const query: TmQuery = { text: vary(vary(base.source)), threshold: [50, 70, 90][q % 3] };
      const hits = index.query(query);
      expect(hits).toEqual(fullScan(units, query));
      if (hits.some((h) => units[h.id - 1]!.source.split(' ').length > 255)) withLongHit++;
    }
    expect(withLongHit).toBeGreaterThan(10);
  });

  it('returns what a full scan returns through adds, replacements, removals and rebuilds', () => {
    const { next, make, vary } = sentences(5);
    const index = createTmIndex();
    const live = new Map<number, TmUnit>();
    let nextId = 1;
    const addNew = () => {
      const base =
        live.size > 0 && next() < 0.6
          ? [...live.values()][Math.floor(next() * live.size)]
          : undefined;
      const u = unit(nextId++, base ? vary(base.source) : make(), {
        contextKey: next() < 0.1 ? `k${Math.floor(next() * 20)}` : null,
      });
      live.set(u.id, u);
      index.add(u);
    };
    const check = (count: number) => {
      const scan = prepareFullScan(live.values());
      const units = [...live.values()];
      for (let q = 0; q < count; q++) {
        const base = units[Math.floor(next() * units.length)]!;
        const query: TmQuery = {
          text: next() < 0.7 ? vary(base.source) : base.source,
          threshold: [1, 30, 50, 70, 75, 90, 100, 101][Math.floor(next() * 8)],
          limit: [1, 5, 10][Math.floor(next() * 3)],
          contextKey: next() < 0.3 ? base.contextKey : null,
        };
        expect(index.query(query), JSON.stringify(query)).toEqual(scan.query(query));
      }
    };
    // A first load, built by the first query.
    for (let i = 0; i < 3000; i++) addNew();
    check(150);
    expect(index.builds).toBe(1);
    // Changes listed in the delta chains, past the rebuild point (10,000 changes).
    for (let step = 0; step < 14_000; step++) {
      const r = next();
      if (r < 0.7 || live.size < 100) {
        addNew();
      } else if (r < 0.85) {
        const id = [...live.keys()][Math.floor(next() * live.size)]!;
        const replaced = unit(id, vary(live.get(id)!.source));
        live.set(id, replaced);
        index.add(replaced);
      } else {
        const id = [...live.keys()][Math.floor(next() * live.size)]!;
        live.delete(id);
        expect(index.remove(id)).toBe(true);
      }
      if (step % 1000 === 999) check(40);
    }
    expect(index.size).toBe(live.size);
    expect(index.builds).toBe(2);
    // Mass removal: dead slots outnumber live ones, the index compacts.
    for (const id of [...live.keys()].slice(0, Math.floor(live.size * 0.8))) {
      live.delete(id);
      index.remove(id);
    }
    expect(index.size).toBe(live.size);
    check(150);
    expect(index.builds).toBe(3);
  });
});
