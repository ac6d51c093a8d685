import { describe, expect, it } from 'vitest';
import { COMPACT_STEP, ConcordanceIndex } from './concordance-index';
import { LazyConcordance } from './concordance-lazy';
import { createConcordantTmIndex } from './concordance-tm-index';

const ids = (found: { hits: { id: number }[] } | null) => found?.hits.map((hit) => hit.id) ?? null;
const find = (lazy: LazyConcordance, text: string) =>
  ids(lazy.search({ text, in: 'both', limit: 50 }));

describe('LazyConcordance', () => {
  it('costs nothing and answers nothing until a build is started and finished', () => {
    const index = createConcordantTmIndex();
    for (let id = 1; id <= 100; id++) {
      index.add({ id, source: `apple ${id}`, target: 'manzana', ...noContext });
    }
    expect(index.size).toBe(100);
    expect(index.concordance.state).toBe('off');
    expect(index.concordance.bytes).toBe(0);
    expect(find(index.concordance, 'apple')).toBeNull();
  });

  it('takes the units read, and the changes fed since the start over older reads', () => {
    const lazy = new LazyConcordance();
    const build = lazy.startBuild(4);
    expect(lazy.state).toBe('building');
    // Fed while the read runs: a new unit, a removal and a replacement of units not read yet.
    lazy.add(9, 'pear tart', 'tarta de pera');
    lazy.remove(2);
    lazy.add(3, 'green apple', 'manzana verde');
    // The read ran before those changes: it still holds unit 2 and the old unit 3.
    build.read(1, 'apple pie', 'tarta de manzana');
    build.read(2, 'apple juice', 'zumo de manzana');
    build.read(3, 'red apple', 'manzana roja');
    expect(find(lazy, 'apple')).toBeNull();
    expect(build.done).toBe(3);
    build.finish();
    expect(lazy.state).toBe('built');
    // Ties go to the unit added last: unit 3, fed, came before unit 1 was read.
    expect(find(lazy, 'apple')).toEqual([1, 3]);
    expect(find(lazy, 'red')).toEqual([]);
    expect(find(lazy, 'tarta')).toEqual([1, 9]);
    // Built: it follows every change.
    lazy.remove(9);
    lazy.add(10, 'apple', 'manzana');
    expect(find(lazy, 'tarta')).toEqual([1]);
    expect(find(lazy, 'apple')).toEqual([10, 1, 3]);
  });

  it('starts over after an abandoned build, and refuses a second one meanwhile', () => {
    const lazy = new LazyConcordance();
    const first = lazy.startBuild(1);
    expect(() => lazy.startBuild(1)).toThrow(/building/);
    first.read(1, 'apple', 'manzana');
    first.abandon();
    expect(lazy.state).toBe('off');
    // A late finish of the abandoned build changes nothing.
    first.finish();
    expect(lazy.state).toBe('off');
    const second = lazy.startBuild(1);
    second.read(1, 'pear', 'pera');
    second.finish();
    expect(find(lazy, 'pear')).toEqual([1]);
    expect(find(lazy, 'apple')).toEqual([]);
  });
});

describe('ConcordanceIndex compaction', () => {
  it('copies a bounded number of slots per change, answering all along', () => {
    const index = new ConcordanceIndex();
    const count = 20_000;
    for (let id = 1; id <= count; id++) index.add(id, `word${id} common`, 'x');
    // Removing one more than half makes dead slots outnumber live ones: the compaction starts.
    const kept = new Set<number>();
    for (let id = 1; id <= count; id++) {
      if (id > count / 2 + 1) kept.add(id);
      else index.remove(id);
    }
    expect(index.isCompacting).toBe(true);
    let changes = 0;
    // Changes during the compaction: an add, a removal of a unit copied already, a replacement.
    index.add(count + 1, 'word0 common', 'x');
    kept.add(count + 1);
    index.remove(count - 1);
    kept.delete(count - 1);
    index.add(count, `word${count} common replaced`, 'x');
    while (index.isCompacting) {
      expect(index.search({ text: 'common', in: 'source', limit: 1 }).hits).toHaveLength(1);
      changes++;
    }
    expect(index.compactions).toBe(1);
    // Each step copies at most COMPACT_STEP of the old slots.
    expect(changes).toBeGreaterThanOrEqual(Math.floor(count / COMPACT_STEP) - 4);
    expect(index.size).toBe(kept.size);
    const found = index.search({ text: 'common', in: 'source', limit: 100, maxScanned: 1e9 });
    expect(found.hits).toHaveLength(100);
    expect(found.hits.every((hit) => kept.has(hit.id))).toBe(true);
    expect(ids(index.search({ text: `word${count - 1}`, in: 'source', limit: 5 }))).toEqual([]);
    expect(ids(index.search({ text: 'word5', in: 'source', limit: 5 }))).toEqual([]);
    expect(ids(index.search({ text: 'word0', in: 'source', limit: 5 }))).toEqual([count + 1]);
    expect(ids(index.search({ text: 'replaced', in: 'source', limit: 5 }))).toEqual([count]);
  });
});

const noContext = { prevSource: null, nextSource: null, contextKey: null };
