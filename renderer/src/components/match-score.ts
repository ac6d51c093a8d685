/**
 * How good a match is, in the bands translators price by: exact (100, and 101 when the context
 * matches too), high fuzzy (95–99), fuzzy (85–94), low fuzzy (75–84) and weak (below 75).
 */
export type ScoreBand = 'exact' | 'high' | 'fuzzy' | 'low' | 'weak';

export function scoreBand(score: number): ScoreBand {
  if (score >= 100) return 'exact';
  if (score >= 95) return 'high';
  if (score >= 85) return 'fuzzy';
  if (score >= 75) return 'low';
  return 'weak';
}

export const BAND_LABELS: Record<ScoreBand, string> = {
  exact: 'Exact match',
  high: 'High fuzzy match',
  fuzzy: 'Fuzzy match',
  low: 'Low fuzzy match',
  weak: 'Weak match',
};

/** What the chip says and what a screen reader hears. */
export function scoreText(score: number): { chip: string; label: string } {
  if (score > 100) return { chip: '101%', label: 'Context match, 101%' };
  return { chip: `${score}%`, label: `${BAND_LABELS[scoreBand(score)]}, ${score}%` };
}
