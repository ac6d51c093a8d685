import type { Segment } from '../../../../../shared/api/segments';

export type SegmentStatus = 'confirmed' | 'draft' | 'empty';

export const STATUS_LABELS: Record<SegmentStatus, string> = {
  confirmed: 'Confirmed',
  draft: 'Draft',
  empty: 'Not translated',
};

export function segmentStatus(segment: Pick<Segment, 'is_confirmed' | 'target'>): SegmentStatus {
  if (segment.is_confirmed) return 'confirmed';
  return segment.target.trim() === '' ? 'empty' : 'draft';
}

export interface DocumentProgress {
  confirmedWords: number;
  totalWords: number;
  confirmedSegments: number;
  /** 0–100, rounded down so that 100 means everything is confirmed. */
  percent: number;
}

export function documentProgress(
  segments: readonly Pick<Segment, 'is_confirmed' | 'word_count'>[],
): DocumentProgress {
  let confirmedWords = 0;
  let totalWords = 0;
  let confirmedSegments = 0;
  for (const segment of segments) {
    totalWords += segment.word_count;
    if (segment.is_confirmed) {
      confirmedWords += segment.word_count;
      confirmedSegments += 1;
    }
  }
  const percent = totalWords === 0 ? 0 : Math.floor((confirmedWords / totalWords) * 100);
  return { confirmedWords, totalWords, confirmedSegments, percent };
}

/**
 * The next unconfirmed segment after `from`, wrapping round; `from` itself only if alone. With
 * `among` (the indices a filter shows, in order) only those are candidates.
 */
export function nextUnconfirmed(
  segments: readonly Pick<Segment, 'is_confirmed'>[],
  from: number,
  among?: readonly number[],
): number | null {
  const candidates = among ?? segments.map((_, index) => index);
  // The candidates after `from`, then round from the start (so `from` itself comes last).
  const after = candidates.filter((index) => index > from);
  const before = candidates.filter((index) => index <= from);
  return [...after, ...before].find((index) => segments[index]?.is_confirmed === false) ?? null;
}

/**
 * Whether `a` is a later state of a segment than `b`: its revision grows with every change of
 * the target or confirmation; `updated_at` decides between equal revisions.
 */
export function isNewerSegment(
  a: Pick<Segment, 'revision' | 'updated_at'>,
  b: Pick<Segment, 'revision' | 'updated_at'>,
): boolean {
  return a.revision !== b.revision ? a.revision > b.revision : a.updated_at > b.updated_at;
}

/** `segment` in place of its older copy in `segments`; an older answer changes nothing. */
export function withSegment(segments: Segment[], segment: Segment): Segment[] {
  const at = segments.findIndex((item) => item.id === segment.id);
  const current = segments[at];
  if (!current || isNewerSegment(current, segment)) return segments;
  const next = [...segments];
  next[at] = segment;
  return next;
}

/**
 * A document read (`fresh`) merged with what is cached: a segment saved while the read was on its
 * way keeps its newer cached copy, so an old read never undoes a save.
 */
export function mergeSegments(cached: readonly Segment[] | undefined, fresh: Segment[]): Segment[] {
  if (!cached?.length) return fresh;
  const byId = new Map(cached.map((segment) => [segment.id, segment]));
  let isChanged = false;
  const merged = fresh.map((segment) => {
    const kept = byId.get(segment.id);
    if (kept && isNewerSegment(kept, segment)) {
      isChanged = true;
      return kept;
    }
    return segment;
  });
  return isChanged ? merged : fresh;
}
