import type { Segment } from '../../../../../shared/api/segments';

/** A match put into a target (TM with its score, MT with none), as it was inserted. */
export interface InsertedMatch {
  text: string;
  score: number | null;
}

/** The target being typed in a segment, until it is saved. */
export interface SegmentDraft {
  segmentId: number;
  text: string;
  /** The match inserted last; its score is sent as `match_score` only while the text equals it. */
  inserted: InsertedMatch | null;
}

/** The `match_score` a draft is saved with: null once its text is no longer the inserted match. */
export function draftMatchScore(draft: Pick<SegmentDraft, 'text' | 'inserted'>): number | null {
  return draft.inserted && draft.inserted.text === draft.text ? draft.inserted.score : null;
}

/**
 * The draft after the translator typed `text`: it remembers the match the target came from (the
 * draft's, or the saved segment's own), so typing back to the match gives its score back.
 */
export function typedDraft(
  segment: Pick<Segment, 'id' | 'target' | 'match_score'>,
  draft: SegmentDraft | undefined,
  text: string,
): SegmentDraft {
  const inserted = draft
    ? draft.inserted
    : segment.match_score === null
      ? null
      : { text: segment.target, score: segment.match_score };
  return { segmentId: segment.id, text, inserted };
}
