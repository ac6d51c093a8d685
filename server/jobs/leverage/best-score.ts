import type { TmIndex } from '../../tm';
import { DEFAULT_TRANSLATE_THRESHOLD } from '../../translate/translate-segment';

/** One document segment to look up, with its context as the editor gives it. */
export interface SegmentLookup {
  source: string;
  prevSource: string | null;
  nextSource: string | null;
  contextKey: string | null;
}

/**
 * The best score the editor's match panel would show for a segment (POST /v2/translate with its
 * segment_id: the same index, threshold and 101 context rule), or null when it shows no match.
 *
 * It asks the memory's own index for its top hit only (the engine's early exit), and asks once
 * per distinct source: a score below 100 does not depend on the context, so it is reused for the
 * source's other occurrences; an exact one is asked again per occurrence, at threshold 100 (the
 * same top hit, found sooner), since only its context decides between 100 and 101. A unit added
 * while an analysis runs may so be missed for a source scored before it: the memory is read as
 * it was when each source was first looked up.
 */
export function createBestScorer(index: TmIndex) {
  /** A source's best score with no context, capped at 100; null for no match. */
  const bySource = new Map<string, number | null>();

  const top = (segment: SegmentLookup, threshold: number): number | null => {
    const [hit] = index.query({
      text: segment.source,
      threshold,
      limit: 1,
      prevSource: segment.prevSource,
      nextSource: segment.nextSource,
      contextKey: segment.contextKey,
    });
    return hit ? hit.score : null;
  };

  return function bestScore(segment: SegmentLookup): number | null {
    // The editor looks nothing up for a blank source.
    if (segment.source.trim() === '') return null;
    const known = bySource.get(segment.source);
    if (known === undefined) {
      const score = top(segment, DEFAULT_TRANSLATE_THRESHOLD);
      bySource.set(segment.source, score === null ? null : Math.min(score, 100));
      return score;
    }
    return known === 100 ? top(segment, 100) : known;
  };
}

export type BestScorer = ReturnType<typeof createBestScorer>;
