import {
  LEVERAGE_BANDS,
  type LeverageBand,
  type LeverageBandName,
  type LeverageCounts,
} from '../../../shared/api/jobs';

/** Counts per band, in `LEVERAGE_BANDS` order (the wire order). */
export type BandTally = Record<LeverageBandName, LeverageCounts>;

/** Lowest score of each scored band; below the last one a segment is new (no match). */
const SCORE_BANDS: readonly [number, LeverageBandName][] = [
  [101, 'context'],
  [100, 'exact'],
  [95, 'fuzzy95'],
  [85, 'fuzzy85'],
  [75, 'fuzzy75'],
  [50, 'fuzzy50'],
];

/** The band of an editor's best match score (null: no match at or above 50). */
export function bandOfScore(score: number | null): LeverageBandName {
  if (score === null) return 'new';
  for (const [lowest, band] of SCORE_BANDS) if (score >= lowest) return band;
  return 'new';
}

export const emptyCounts = (): LeverageCounts => ({ words: 0, segments: 0, characters: 0 });

export function emptyTally(): BandTally {
  const tally = {} as BandTally;
  for (const band of LEVERAGE_BANDS) tally[band] = emptyCounts();
  return tally;
}

export function addCounts(to: LeverageCounts, from: LeverageCounts): void {
  to.words += from.words;
  to.segments += from.segments;
  to.characters += from.characters;
}

export function addTally(to: BandTally, from: BandTally): void {
  for (const band of LEVERAGE_BANDS) addCounts(to[band], from[band]);
}

export function tallyTotal(tally: BandTally): LeverageCounts {
  const total = emptyCounts();
  for (const band of LEVERAGE_BANDS) addCounts(total, tally[band]);
  return total;
}

/** The wire's list of bands, in `LEVERAGE_BANDS` order. */
export const bandList = (tally: BandTally): LeverageBand[] =>
  LEVERAGE_BANDS.map((band) => ({ band, ...tally[band] }));
