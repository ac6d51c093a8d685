import { describe, expect, it } from 'vitest';
import { alignWords } from './align';
import { richTokens } from './rich-tokens';

const pairs = (align: string) =>
  align === '' ? [] : align.split(' ').map((pair) => pair.split('-').map(Number));

describe('alignWords', () => {
  it('links identical tokens (numbers, codes, punctuation) first', () => {
    const source = richTokens('Delete {0} rows in 2024 .').keys;
    const target = richTokens('Elimine {0} filas en 2024 .').keys;
    expect(alignWords(source, target)).toBe('0-0 1-1 2-2 3-3 4-4 5-5');
    const moved = alignWords(richTokens('{0} of 5').keys, richTokens('5 de {0}').keys);
    expect(pairs(moved)).toEqual([
      [2, 0],
      [1, 1],
      [0, 2],
    ]);
  });

  it('spreads the other words monotonically between anchors, always in range', () => {
    const source = richTokens('The red car stops .').keys;
    const target = richTokens('El coche rojo se detiene .').keys;
    const links = pairs(alignWords(source, target));
    expect(links.map(([, t]) => t)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(links.at(-1)).toEqual([4, 5]);
    const sources = links.map(([s]) => s!);
    expect(sources).toEqual([...sources].sort((a, b) => a - b));
    for (const [s] of links) expect(s).toBeGreaterThanOrEqual(0);
    for (const [s] of links) expect(s).toBeLessThan(source.length);
  });

  it('stays in range for very unequal lengths and answers "" for an empty side', () => {
    for (const [ns, nt] of [
      [1, 9],
      [9, 1],
      [3, 40],
      [40, 3],
    ] as const) {
      const source = Array.from({ length: ns }, (_, i) => `s${i}`);
      const target = Array.from({ length: nt }, (_, i) => `t${i}`);
      const links = pairs(alignWords(source, target));
      expect(links).toHaveLength(nt);
      for (const [s, t] of links) {
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThan(ns);
        expect(t).toBeLessThan(nt);
      }
    }
    expect(alignWords([], ['a'])).toBe('');
    expect(alignWords(['a'], [])).toBe('');
  });
});
