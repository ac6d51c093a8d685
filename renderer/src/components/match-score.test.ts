import { describe, expect, it } from 'vitest';
import { scoreBand, scoreText } from './match-score';

describe('score bands', () => {
  it('puts each score in the band translators price it by', () => {
    const bands = [101, 100, 99, 95, 94, 85, 84, 75, 74, 50, 0].map(scoreBand);
    expect(bands).toEqual([
      'exact',
      'exact',
      'high',
      'high',
      'fuzzy',
      'fuzzy',
      'low',
      'low',
      'weak',
      'weak',
      'weak',
    ]);
  });

  it('names a context match', () => {
    expect(scoreText(101)).toEqual({ chip: '101%', label: 'Context match, 101%' });
    expect(scoreText(87)).toEqual({ chip: '87%', label: 'Fuzzy match, 87%' });
  });
});
