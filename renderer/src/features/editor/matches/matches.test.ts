import { describe, expect, it } from 'vitest';
import type { Translation } from '../../../../../shared/api/translate';
import { autoFillMatch, orderedMatches } from './matches';

const tm = (score: number, target: string): Translation => ({ target, score, isTMMatch: true });
const mt: Translation = { target: 'MT', score: 0, isTMMatch: false, engine: 'apertium' };

describe('matches of the active segment', () => {
  it('numbers TM matches first, then MT, whatever order they came in', () => {
    const list = { untokenizedSource: 'x', translation: [mt, tm(90, 'a'), tm(80, 'b')] };
    expect(orderedMatches(list).all.map((item) => item.target)).toEqual(['a', 'b', 'MT']);
  });

  it('fills an empty target only from an exact or context match', () => {
    expect(autoFillMatch({ untokenizedSource: 'x', translation: [tm(101, 'a'), mt] })?.target).toBe(
      'a',
    );
    expect(autoFillMatch({ untokenizedSource: 'x', translation: [tm(99, 'a'), mt] })).toBeNull();
    expect(autoFillMatch(undefined)).toBeNull();
  });
});
