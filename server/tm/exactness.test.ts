import { describe, expect, it } from 'vitest';
import { contextMatches } from './context';
import { prepareFullScan } from './full-scan';
import { scoreUnit } from './score';
import { readLohelpUnits } from './test-support';
import { createTmIndex } from './tm-index';
import type { TmHit, TmQuery } from './types';

const QUERIES = 3000;
const THRESHOLDS = [50, 70, 75];

/**
 * The index's promise: the same top k as a full scan. On the real LibreOffice help memory (every
 * unique en-es pair, 30.6k units), 3,000 of its own sources are looked up leave-one-out: the unit
 * is removed, its source queried with its context, the unit added back. The full scan scores
 * every unit; each hit it returns is also re-scored with the plain dynamic programming of
 * `scoreUnit`, so the reference does not rest on the code it checks.
 */
describe('exactness on real data', () => {
  it('returns the top 5 of a full scan for 3,000 leave-one-out queries at 50, 70 and 75', () => {
    const units = readLohelpUnits();
    const byId = new Map(units.map((u) => [u.id, u]));
    const index = createTmIndex();
    for (const u of units) index.add(u);
    const scan = prepareFullScan(units);
    const step = Math.floor(units.length / QUERIES);
    const mismatches: string[] = [];
    const withHits = new Map<number, number>(THRESHOLDS.map((t) => [t, 0]));
    let checkedScores = 0;

    for (let k = 0; k < QUERIES; k++) {
      const held = units[k * step]!;
      expect(index.remove(held.id)).toBe(true);
      const q: TmQuery = {
        text: held.source,
        prevSource: held.prevSource,
        nextSource: held.nextSource,
        contextKey: held.contextKey,
      };
      const all = scan.hits(q, Math.min(...THRESHOLDS)).filter((h) => h.id !== held.id);
      for (const t of THRESHOLDS) {
        const expected = all.filter((h) => h.score >= t).slice(0, 5);
        const got = index.query({ ...q, threshold: t, limit: 5 });
        if (JSON.stringify(got) !== JSON.stringify(expected)) {
          mismatches.push(
            `t=${t} ${JSON.stringify(held.source)}: ${show(got)} != ${show(expected)}`,
          );
        }
        if (got.length > 0) withHits.set(t, withHits.get(t)! + 1);
      }
      for (const hit of all.slice(0, 5)) {
        const u = byId.get(hit.id)!;
        const score = scoreUnit(q.text, u.source);
        expect(score === 100 && contextMatches(q, u) ? 101 : score).toBe(hit.score);
        checkedScores++;
      }
      index.add(held);
    }

    expect(mismatches.slice(0, 10)).toEqual([]);
    // The check means something: many queries have real fuzzy matches.
    expect(withHits.get(50)).toBeGreaterThan(1000);
    expect(withHits.get(75)).toBeGreaterThan(500);
    expect(checkedScores).toBeGreaterThan(5000);
  });
});

const show = (hits: TmHit[]) => hits.map((h) => `${h.id}:${h.score}`).join(',');
