import { describe, expect, it } from 'vitest';
import { aroundCodes, mergeRanges } from './SourceText';

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

  it('widens a highlight that would cut an inline code in two', () => {
    const text = 'Open <g id="1">the file</g> {name}';
    expect(
      aroundCodes(text, [
        [8, 12],
        [10, 19],
        [29, 31],
      ]),
    ).toEqual([
      [5, 15],
      [5, 19],
      [28, 34],
    ]);
  });
});
