import { describe, expect, it } from 'vitest';
import { levenshtein, myers32, myers64, myersBlocks } from './myers';
import { QueryPattern } from './pattern';
import { seededRandom } from '../../shared/seeded-random';

function tokens(next: () => number, length: number, alphabet: number): Int32Array {
  return Int32Array.from({ length }, () => 1 + Math.floor(next() * alphabet));
}

describe('bit-parallel edit distance', () => {
  it('equals the plain dynamic programming on short queries (one 32-bit word)', () => {
    const next = seededRandom(1);
    for (let round = 0; round < 5000; round++) {
      const n = 1 + Math.floor(next() * 32);
      const alphabet = 1 + Math.floor(next() * 10);
      const a = tokens(next, n, alphabet);
      const b = tokens(next, Math.floor(next() * 48), alphabet);
      const peq = new Int32Array(alphabet + 1);
      a.forEach((t, i) => (peq[t]! |= 1 << i));
      expect(myers32(peq, n, b, 0, b.length)).toBe(levenshtein(a, b));
    }
  });

  it('equals the plain dynamic programming on long queries (blocks), > 32 and > 64 tokens', () => {
    const next = seededRandom(2);
    for (let round = 0; round < 1500; round++) {
      const n = 1 + Math.floor(next() * 200);
      const alphabet = 1 + Math.floor(next() * 12);
      const a = tokens(next, n, alphabet);
      const b = tokens(next, Math.floor(next() * 240), alphabet);
      const blocks = Math.ceil(n / 32);
      const peqBlocks = new Int32Array((alphabet + 1) * blocks);
      const localOf = Int32Array.from({ length: alphabet + 1 }, (_, id) => id);
      a.forEach((t, i) => (peqBlocks[t * blocks + (i >> 5)]! |= 1 << (i & 31)));
      const pv = new Int32Array(blocks);
      const mv = new Int32Array(blocks);
      const d = myersBlocks(peqBlocks, localOf, blocks, n, b, 0, b.length, pv, mv);
      expect(d, `n=${n} m=${b.length}`).toBe(levenshtein(a, b));
      if (blocks === 2) expect(myers64(peqBlocks, localOf, n, b, 0, b.length)).toBe(d);
    }
  });

  it('holds at the block edges (31, 32, 33, 63, 64, 65 tokens) and for texts inside a pool', () => {
    const next = seededRandom(3);
    const pattern = new QueryPattern();
    for (const n of [1, 31, 32, 33, 63, 64, 65, 96, 97]) {
      for (let round = 0; round < 200; round++) {
        const alphabet = 2 + Math.floor(next() * 6);
        const a = tokens(next, n, alphabet);
        const b = tokens(next, Math.max(0, n + Math.floor(next() * 20) - 10), alphabet);
        // The text sits in the middle of a larger pool, as in the index.
        const pool = new Int32Array(b.length + 10).fill(alphabet + 1);
        pool.set(b, 5);
        pattern.set(a, n, alphabet + 2);
        expect(pattern.distance(pool, 5, 5 + b.length), `n=${n}`).toBe(levenshtein(a, b));
      }
    }
  });

  it('reuses a pattern across queries of different lengths', () => {
    const pattern = new QueryPattern();
    const next = seededRandom(4);
    for (let round = 0; round < 500; round++) {
      const n = 1 + Math.floor(next() * 80);
      const a = tokens(next, n, 20);
      const b = tokens(next, Math.floor(next() * 80), 20);
      pattern.set(a, n, 21);
      expect(pattern.distance(b, 0, b.length)).toBe(levenshtein(a, b));
    }
  });
});
