import { describe, expect, it } from 'vitest';
import { documentProgress, nextUnconfirmed, segmentStatus } from './segments';

describe('segment status and progress', () => {
  it('tells confirmed, draft and empty apart', () => {
    expect(segmentStatus({ is_confirmed: true, target: 'Hola' })).toBe('confirmed');
    expect(segmentStatus({ is_confirmed: false, target: 'Hola' })).toBe('draft');
    expect(segmentStatus({ is_confirmed: false, target: ' ' })).toBe('empty');
  });

  it('counts confirmed words out of all words', () => {
    expect(
      documentProgress([
        { is_confirmed: true, word_count: 3 },
        { is_confirmed: false, word_count: 6 },
      ]),
    ).toEqual({ confirmedWords: 3, totalWords: 9, confirmedSegments: 1, percent: 33 });
    expect(documentProgress([]).percent).toBe(0);
  });

  it('finds the next unconfirmed segment, wrapping round', () => {
    const segments = [false, true, false, true].map((is_confirmed) => ({ is_confirmed }));
    expect(nextUnconfirmed(segments, 0)).toBe(2);
    expect(nextUnconfirmed(segments, 2)).toBe(0);
    expect(nextUnconfirmed([{ is_confirmed: true }], 0)).toBeNull();
  });
});
