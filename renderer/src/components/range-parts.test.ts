import { describe, expect, it } from 'vitest';
import { rangeParts } from './range-parts';

describe('rangeParts', () => {
  it('cuts a text into plain and marked parts', () => {
    expect(rangeParts('Open the file menu', [[9, 13]])).toEqual([
      { text: 'Open the ', isMarked: false },
      { text: 'file', isMarked: true },
      { text: ' menu', isMarked: false },
    ]);
  });

  it('sorts, clips and skips ranges that do not fit', () => {
    expect(
      rangeParts('abcdef', [
        [4, 99],
        [0, 2],
        [1, 3],
        [5, 5],
      ]),
    ).toEqual([
      { text: 'ab', isMarked: true },
      { text: 'c', isMarked: true },
      { text: 'd', isMarked: false },
      { text: 'ef', isMarked: true },
    ]);
    expect(rangeParts('', [[0, 1]])).toEqual([]);
  });
});
