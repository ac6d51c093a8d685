import { describe, expect, it } from 'vitest';
import { fullScan, prepareFullScan } from './full-scan';
import { levenshtein } from './myers';
import { classKeyOf, effectiveThreshold, scoreUnit } from './score';
import { tokenize } from './tokenize';
import type { TmUnit } from './types';

const unit = (id: number, source: string, extra: Partial<TmUnit> = {}): TmUnit => ({
  id,
  source,
  target: `t${id}`,
  prevSource: null,
  nextSource: null,
  contextKey: null,
  ...extra,
});

describe('scoreUnit', () => {
  it('is 100 for the same normalized tokens', () => {
    expect(scoreUnit('Click the OK button.', 'Click the OK button.')).toBe(100);
    expect(scoreUnit('Click the OK button.', 'click  THE ok   Button .')).toBe(100);
    expect(scoreUnit('Ｃｌｉｃｋ', 'click')).toBe(100);
  });

  it('is floor(100 (L - d) / L) over tokens', () => {
    // the cat sat . / the dog sat . : d = 1, L = 4
    expect(scoreUnit('The cat sat.', 'The dog sat.')).toBe(75);
    // 10 tokens, one substituted
    expect(scoreUnit('a b c d e f g h i j', 'a b c d e f g h i x')).toBe(90);
    // one token more: L = 4, d = 1
    expect(scoreUnit('a b c', 'a b c d')).toBe(75);
    // 3 tokens of 7 differ: floor(400 / 7) = 57
    expect(scoreUnit('a b c d e f g', 'a b c d x y z')).toBe(57);
    // punctuation counts as a token
    expect(scoreUnit('Save the file', 'Save the file.')).toBe(75);
  });

  it('is 0 when either side has no token', () => {
    expect(scoreUnit('', 'anything')).toBe(0);
    expect(scoreUnit('  ', '')).toBe(0);
    expect(scoreUnit('a b', 'c d')).toBe(0);
  });

  it('costs a point per differing number: a match differing only in a number is 99', () => {
    expect(scoreUnit('Page 5 of 10', 'Page 6 of 10')).toBe(99);
    expect(scoreUnit('Page 5 of 10', 'Page 6 of 11')).toBe(98);
    // The numbers compare by class for the distance: swapped values cost 2 points, not 2 edits.
    expect(scoreUnit('5 apples and 6 pears', '6 apples and 5 pears')).toBe(98);
    // A number against a word is an edit: floor(100 * 3 / 4) = 75.
    expect(scoreUnit('Page 5 of 10', 'Page five of 10')).toBe(75);
  });

  it('costs a point per differing inline code and compares codes by kind', () => {
    expect(scoreUnit('Click <g id="1">OK</g>.', 'Click <g id="2">OK</g>.')).toBe(99);
    expect(scoreUnit('Delete {0} files', 'Delete %s files')).toBe(99);
    // Codes are tokens: two of five missing.
    expect(scoreUnit('Click <g id="1">OK</g>.', 'Click OK.')).toBe(60);
    // An opening tag does not align with a closing one.
    expect(scoreUnit('a <g id="1"> b', 'a </g> b')).toBe(66);
  });

  it('chooses, among the alignments of least distance, the one with the fewest changes', () => {
    // Aligning 1 with 1 (and deleting 2) beats aligning 2 with 1.
    expect(scoreUnit('step 1 2', 'step 1')).toBe(66);
  });

  it('penalties never raise a score above the distance alone', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const words = ['a', 'b', 'c', '1', '2', '<x id="1"/>', '<x id="2"/>', '{0}', '%s', '.'];
    const sentence = () =>
      Array.from({ length: 1 + Math.floor(next() * 8) }, () => words[Math.floor(next() * 10)]).join(
        ' ',
      );
    const ids = new Map<string, number>();
    const classIds = (text: string) =>
      tokenize(text).map((t) => {
        const key = classKeyOf(t);
        if (!ids.has(key)) ids.set(key, ids.size);
        return ids.get(key)!;
      });
    for (let i = 0; i < 2000; i++) {
      const a = sentence();
      const b = sentence();
      const ta = classIds(a);
      const tb = classIds(b);
      const d = levenshtein(ta, tb);
      const l = Math.max(ta.length, tb.length);
      expect(scoreUnit(a, b)).toBeLessThanOrEqual(Math.floor((100 * (l - d)) / l));
    }
  });
});

describe('fullScan', () => {
  const units = [
    unit(1, 'Open the file.'),
    unit(2, 'Open the file.', { prevSource: 'Intro', nextSource: 'Outro' }),
    unit(3, 'Open a file.'),
    unit(4, 'Close the file.', { contextKey: 'k4' }),
    unit(5, 'Open the file.', { contextKey: 'k5' }),
    unit(6, 'Something else entirely'),
  ];

  it('returns the hits reaching the threshold, best first, newest first on ties', () => {
    expect(fullScan(units, { text: 'Open the file.' })).toEqual([
      { id: 5, score: 100 },
      { id: 2, score: 100 },
      { id: 1, score: 100 },
      { id: 4, score: 75 },
      { id: 3, score: 75 },
    ]);
    expect(fullScan(units, { text: 'Open the file.', limit: 2 })).toEqual([
      { id: 5, score: 100 },
      { id: 2, score: 100 },
    ]);
    expect(fullScan(units, { text: 'Open the file.', threshold: 80 })).toHaveLength(3);
  });

  it('gives 101 to an exact match with the same key, or the same previous and next source', () => {
    expect(fullScan(units, { text: 'Open the file.', contextKey: 'k5', limit: 2 })).toEqual([
      { id: 5, score: 101 },
      { id: 2, score: 100 },
    ]);
    const neighbours = { prevSource: 'Intro', nextSource: 'Outro' };
    expect(fullScan(units, { text: 'Open the file.', ...neighbours, limit: 2 })).toEqual([
      { id: 2, score: 101 },
      { id: 5, score: 100 },
    ]);
    // Both neighbours must match.
    expect(
      fullScan(units, { text: 'Open the file.', prevSource: 'Intro', nextSource: 'x', limit: 1 }),
    ).toEqual([{ id: 5, score: 100 }]);
    // Only exact matches get the context point.
    expect(fullScan(units, { text: 'Close the file.', contextKey: 'k4', limit: 1 })).toEqual([
      { id: 4, score: 101 },
    ]);
    expect(fullScan(units, { text: 'Close a file.', contextKey: 'k4', limit: 1 })).toEqual([
      { id: 4, score: 75 },
    ]);
    // Threshold 101 asks for context matches only.
    expect(fullScan(units, { text: 'Open the file.', contextKey: 'k5', threshold: 101 })).toEqual([
      { id: 5, score: 101 },
    ]);
  });

  it('does not count missing neighbours as a shared context', () => {
    const none = [unit(1, 'Open'), unit(2, 'Open', { prevSource: null, nextSource: 'B' })];
    expect(fullScan(none, { text: 'Open', prevSource: null, nextSource: null })).toEqual([
      { id: 2, score: 100 },
      { id: 1, score: 100 },
    ]);
    expect(fullScan(none, { text: 'Open', prevSource: null, nextSource: 'B', limit: 1 })).toEqual([
      { id: 2, score: 101 },
    ]);
  });

  it('clamps the threshold to 1..101: a unit sharing nothing is never a hit', () => {
    expect(effectiveThreshold(0)).toBe(1);
    expect(effectiveThreshold(-5)).toBe(1);
    expect(effectiveThreshold(150)).toBe(101);
    expect(effectiveThreshold(undefined)).toBe(50);
    expect(fullScan(units, { text: 'zzz', threshold: 0 })).toEqual([]);
  });

  it('scores every unit as scoreUnit does (Myers and the plain dynamic programming agree)', () => {
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const words = ['open', 'the', 'file', '.', ',', '1', '2', '3', '<g id="1">', '</g>', '{0}'];
    const sentence = (max: number) =>
      Array.from(
        { length: 1 + Math.floor(next() * max) },
        () => words[Math.floor(next() * words.length)],
      ).join(' ');
    const pool = Array.from({ length: 400 }, (_, i) => unit(i + 1, sentence(i % 3 ? 12 : 80)));
    const scan = prepareFullScan(pool);
    for (let q = 0; q < 60; q++) {
      const text = sentence(q % 4 ? 12 : 90);
      const expected = pool
        .map((u) => ({ id: u.id, score: scoreUnit(text, u.source) }))
        .filter((h) => h.score >= 1)
        .sort((a, b) => b.score - a.score || b.id - a.id);
      expect(scan.hits({ text }, 1)).toEqual(expected);
    }
  });
});
