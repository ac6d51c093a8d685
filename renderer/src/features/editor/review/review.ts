import type { Segment, SegmentUpdateParameters } from '../../../../../shared/api/segments';
import type { AssignmentType } from '../../../../../shared/api/workflows';

/** The workflow stages whose work is reviewing: the editor opens their projects in review mode. */
export const isReviewStage = (stage: AssignmentType | null | undefined): boolean =>
  stage === 'REVIEW' || stage === 'SECONDARY_REVIEW';

/** Reviewed means a confirmed translation a reviewer approved (the server keeps both). */
export const isReviewed = (segment: Pick<Segment, 'is_confirmed' | 'is_reviewed'>): boolean =>
  segment.is_confirmed && segment.is_reviewed;

/**
 * The next segment not reviewed after `from`, wrapping round; `from` itself only if alone. With
 * `among` (the indices a filter shows, in order) only those are candidates.
 */
export function nextUnreviewed(
  segments: readonly Pick<Segment, 'is_confirmed' | 'is_reviewed'>[],
  from: number,
  among?: readonly number[],
): number | null {
  const candidates = among ?? segments.map((_, index) => index);
  const after = candidates.filter((index) => index > from);
  const before = candidates.filter((index) => index <= from);
  return (
    [...after, ...before].find((index) => {
      const segment = segments[index];
      return segment !== undefined && !isReviewed(segment);
    }) ?? null
  );
}

/**
 * Whether a segment stays reviewed after `input` is saved: the server's rule (a draft, or a target
 * changed without asking, is no longer reviewed; otherwise what was asked, else as it was).
 */
export function reviewedAfter(
  segment: Pick<Segment, 'target' | 'is_reviewed'>,
  input: Pick<SegmentUpdateParameters, 'target' | 'is_confirmed' | 'is_reviewed'>,
): boolean {
  if (input.is_confirmed === false) return false;
  if (input.is_reviewed !== undefined) return input.is_reviewed;
  return input.target === segment.target && segment.is_reviewed;
}

export interface ReviewProgress {
  reviewedWords: number;
  reviewedSegments: number;
  /** 0–100 of all words, rounded down so that 100 means everything is reviewed. */
  percent: number;
}

export function reviewProgress(
  segments: readonly Pick<Segment, 'is_confirmed' | 'is_reviewed' | 'word_count'>[],
): ReviewProgress {
  let reviewedWords = 0;
  let totalWords = 0;
  let reviewedSegments = 0;
  for (const segment of segments) {
    totalWords += segment.word_count;
    if (isReviewed(segment)) {
      reviewedWords += segment.word_count;
      reviewedSegments += 1;
    }
  }
  const percent = totalWords === 0 ? 0 : Math.floor((reviewedWords / totalWords) * 100);
  return { reviewedWords, reviewedSegments, percent };
}
