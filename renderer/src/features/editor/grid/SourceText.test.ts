import { describe, expect, it } from 'vitest';
import { mergeRanges } from './SourceText';

describe('term highlights', () => {
  it('merges overlapping and touching ranges, in order', () => {
    expect(
      mergeRanges([
        [10, 14],
        [0, 3],
        [2, 5],
        [5, 6],
        [8, 8],
      ]),
    ).toEqual([
      [0, 6],
      [10, 14],
    ]);
  });
});
