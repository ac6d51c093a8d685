import { describe, expect, it } from 'vitest';
import { prepareFullScan } from './full-scan';
import { createTmIndex, type TmIndexWithStats } from './tm-index';
import type { TmQuery, TmUnit } from './types';
import { seededRandom } from '../../shared/seeded-random';

/** Words over a skewed vocabulary: most queries have several near matches. */
function corpus(seed: number) {
  const next = seededRandom(seed);
  const word = () => `w${Math.floor(200 * next() ** 3)}`;
  const sentence = () => Array.from({ length: 2 + Math.floor(next() * 12) }, word).join(' ');
  const vary = (text: string) => {
    const words = text.split(' ');
    words[Math.floor(next() * words.length)] = word();
    return words.join(' ');
  };
  return { next, sentence, vary };
}

/**
 * An index and its units as a map, changed together, with checks against the full scan. The
 * lists are built by `buildStep(0)`: each step does the least it can (a few hundred units of one
 * pass) and returns, whatever the clock says, so the test does not depend on timing.
 */
function harness(seed: number) {
  const { next, sentence, vary } = corpus(seed);
  let rebuildsAsked = 0;
  const index: TmIndexWithStats = createTmIndex({ onBuildNeeded: () => rebuildsAsked++ });
  const live = new Map<number, TmUnit>();
  let nextId = 1;
  const unit = (id: number, source: string): TmUnit => ({
    id,
    source,
    target: `t${id}`,
    prevSource: null,
    nextSource: null,
    contextKey: null,
  });
  const pick = () => [...live.keys()][Math.floor(next() * live.size)]!;
  return {
    index,
    live,
    rebuildsAsked: () => rebuildsAsked,
    add(count = 1) {
      for (let k = 0; k < count; k++) {
        const base = live.size > 0 && next() < 0.5 ? live.get(pick())!.source : null;
        const u = unit(nextId++, base ? vary(base) : sentence());
        live.set(u.id, u);
        index.add(u);
      }
    },
    replace() {
      const id = pick();
      const u = unit(id, vary(live.get(id)!.source));
      live.set(id, u);
      index.add(u);
    },
    remove(count = 1) {
      for (let k = 0; k < count; k++) {
        const id = pick();
        live.delete(id);
        expect(index.remove(id)).toBe(true);
      }
    },
    /** Some changes of every kind, as requests would bring them between two steps. */
    change() {
      this.add(3);
      this.replace();
      this.remove();
    },
    check(queries: number) {
      const scan = prepareFullScan(live.values());
      const units = [...live.values()];
      for (let q = 0; q < queries; q++) {
        const base = units[Math.floor(next() * units.length)]!;
        const query: TmQuery = {
          text: next() < 0.7 ? vary(base.source) : base.source,
          threshold: [30, 50, 70, 90][Math.floor(next() * 4)],
          limit: 5,
        };
        expect(index.query(query), JSON.stringify(query)).toEqual(scan.query(query));
      }
    },
  };
}

describe('a build driven a step at a time', () => {
  it('takes many steps, keeps the changes made between them, and then answers exactly', () => {
    const h = harness(1);
    h.add(3000);
    let steps = 0;
    while (!h.index.buildStep(0)) {
      steps++;
      h.change();
    }
    expect(steps).toBeGreaterThan(20);
    expect(h.index.builds).toBe(1);
    expect(h.index.size).toBe(h.live.size);
    h.check(100);
    // The owner is told only of rebuilds: the first build is its own doing.
    expect(h.rebuildsAsked()).toBe(0);
  });

  it('answers exactly between the steps of a rebuild, from the old lists and the delta', () => {
    const h = harness(2);
    h.add(2000);
    h.index.prepare();
    // Rarity drifts: with 10,000 units listed since the build, the next add makes a rebuild due.
    h.add(10_001);
    expect(h.rebuildsAsked()).toBe(1);
    h.check(20);
    // Queries never build: the owner does, a step at a time.
    expect(h.index.builds).toBe(1);
    let steps = 0;
    while (!h.index.buildStep(0)) {
      steps++;
      h.change();
      if (steps % 25 === 0) h.check(3);
    }
    expect(steps).toBeGreaterThan(20);
    expect(h.index.builds).toBe(2);
    expect(h.index.size).toBe(h.live.size);
    h.check(100);
    // More changes go to the new delta.
    h.change();
    h.check(20);
  });

  it('compacts a step at a time, with removals and replacements between the steps', () => {
    const h = harness(3);
    h.add(12_000);
    h.index.prepare();
    // Dead slots outnumber live ones: a compacting rebuild is due.
    h.remove(7000);
    expect(h.rebuildsAsked()).toBe(1);
    h.check(20);
    let steps = 0;
    while (!h.index.buildStep(0)) {
      steps++;
      h.change();
      if (steps % 25 === 0) h.check(3);
    }
    expect(steps).toBeGreaterThan(20);
    expect(h.index.builds).toBe(2);
    expect(h.index.size).toBe(h.live.size);
    h.check(100);
  });

  it('without an owner, builds in the query that finds a build due, as before', () => {
    const index = createTmIndex();
    index.add({
      id: 1,
      source: 'Open the file.',
      target: 'Abra el archivo.',
      prevSource: null,
      nextSource: null,
      contextKey: null,
    });
    expect(index.builds).toBe(0);
    expect(index.query({ text: 'Open the file.' })).toEqual([{ id: 1, score: 100 }]);
    expect(index.builds).toBe(1);
    expect(index.buildStep(0)).toBe(true);
  });
});
