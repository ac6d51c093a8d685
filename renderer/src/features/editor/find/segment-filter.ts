import type { Segment } from '../../../../../shared/api/segments';
import { isReviewed } from '../review/review';

/**
 * What the status filter can ask for. The first six are one state per segment (they add up to
 * the document); not reviewed, QA warnings and comments cut across them.
 */
export type StatusFilter =
  | 'all'
  | 'new'
  | 'draft'
  | 'mt'
  | 'fuzzy'
  | 'exact'
  | 'confirmed'
  | 'unreviewed'
  | 'qa'
  | 'comments';

export type SegmentState = Exclude<StatusFilter, 'all' | 'unreviewed' | 'qa' | 'comments'>;

export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  all: 'All segments',
  new: 'Not translated',
  draft: 'Draft',
  mt: 'Machine translation',
  fuzzy: 'Fuzzy match',
  exact: '100% match',
  confirmed: 'Confirmed',
  unreviewed: 'Not reviewed',
  qa: 'With QA warnings',
  comments: 'With comments',
};

export const STATUS_FILTERS = Object.keys(STATUS_FILTER_LABELS) as StatusFilter[];

type Classified = Pick<Segment, 'is_confirmed' | 'target' | 'match_score' | 'target_origin'>;

/**
 * A segment's one state. Confirmed wins; an unconfirmed translation is told apart by where it
 * came from, as the row's chips show it: a TM score (100 and 101 are exact, below is fuzzy), else
 * MT, else a draft (typed, or from the file).
 */
export function segmentState(segment: Classified): SegmentState {
  if (segment.is_confirmed) return 'confirmed';
  if (segment.target.trim() === '') return 'new';
  if (segment.match_score !== null) return segment.match_score >= 100 ? 'exact' : 'fuzzy';
  return segment.target_origin === 'mt' ? 'mt' : 'draft';
}

/** What the cross-cutting filters need to know about a segment beyond its own fields. */
export interface FilterFacts {
  hasQaWarnings: (segment: Segment) => boolean;
  hasComments: (segment: Segment) => boolean;
}

/** Whether `segment` passes the status filter. */
export function passesStatus(segment: Segment, filter: StatusFilter, facts: FilterFacts): boolean {
  if (filter === 'all') return true;
  if (filter === 'qa') return facts.hasQaWarnings(segment);
  if (filter === 'comments') return facts.hasComments(segment);
  if (filter === 'unreviewed') return !isReviewed(segment);
  return segmentState(segment) === filter;
}

/** How many segments are in each state, for the filter's options. */
export function countStates(segments: readonly Classified[]): Record<SegmentState, number> {
  const counts: Record<SegmentState, number> = {
    new: 0,
    draft: 0,
    mt: 0,
    fuzzy: 0,
    exact: 0,
    confirmed: 0,
  };
  for (const segment of segments) counts[segmentState(segment)] += 1;
  return counts;
}
