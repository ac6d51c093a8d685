import type { Segment, SegmentBatchItem } from '../../../../../shared/api/segments';
import { replaceInTarget, type ReplacePiece } from './replace-text';

/** What the search and replacement would do to one segment's target. */
export interface SegmentChange {
  /** The segment as it is now (its target is the batch's `expected_target`). */
  segment: Segment;
  /** Its number in the document (1-based). */
  number: number;
  after: string;
  pieces: ReplacePiece[];
  replaced: number;
}

export interface ReplacePlan {
  changes: SegmentChange[];
  /** Hits replaced in all. */
  replaced: number;
  /** Hits left because they touch an inline code. */
  skipped: number;
  /** Segments with hits left out because their target is being edited (a draft, a save on its way). */
  editing: number;
}

export interface ReplaceQuery {
  pattern: RegExp;
  replacement: string;
  isRegex: boolean;
}

/**
 * The changes a replace makes in the targets of the segments at `indexes` (the ones the filters
 * show, in order). The source is never searched here: replacing works on targets only.
 */
export function planReplace(
  segments: readonly Segment[],
  indexes: readonly number[],
  { pattern, replacement, isRegex }: ReplaceQuery,
  isEditing: (segmentId: number) => boolean,
): ReplacePlan {
  const plan: ReplacePlan = { changes: [], replaced: 0, skipped: 0, editing: 0 };
  for (const index of indexes) {
    const segment = segments[index];
    if (!segment || segment.target === '') continue;
    const result = replaceInTarget(segment.target, pattern, replacement, isRegex);
    if (result.replaced === 0 && result.skipped === 0) continue;
    if (isEditing(segment.id)) {
      if (result.replaced > 0) plan.editing += 1;
      continue;
    }
    plan.skipped += result.skipped;
    if (result.replaced === 0 || result.after === segment.target) continue;
    plan.replaced += result.replaced;
    plan.changes.push({ segment, number: index + 1, ...result });
  }
  return plan;
}

/**
 * The batch that saves the changes. A replaced confirmed segment goes back to a draft, as an
 * edit of a confirmed segment does in the editor (and in memoQ and Trados), unless
 * `keepConfirmed`: then it stays confirmed and its memory unit takes the new target, as a
 * confirm does. An empty result can only be a draft.
 */
export function replaceItems(
  changes: readonly SegmentChange[],
  keepConfirmed: boolean,
): SegmentBatchItem[] {
  return changes.map(({ segment, after }) => ({
    id: segment.id,
    target: after,
    expected_target: segment.target,
    is_confirmed: keepConfirmed && segment.is_confirmed && after.trim() !== '',
    match_score: null,
  }));
}

/** The batch that undoes a replace: each saved segment back to its target, status and origin. */
export function undoItems(
  before: readonly Segment[],
  saved: readonly Segment[],
): SegmentBatchItem[] {
  const earlier = new Map(before.map((segment) => [segment.id, segment]));
  return saved.flatMap((now) => {
    const was = earlier.get(now.id);
    if (!was) return [];
    return [
      {
        id: was.id,
        target: was.target,
        expected_target: now.target,
        is_confirmed: was.is_confirmed,
        match_score: was.match_score,
        ...(was.target_origin ? { target_origin: was.target_origin } : {}),
      },
    ];
  });
}
