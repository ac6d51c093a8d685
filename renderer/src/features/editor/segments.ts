import type { Segment } from '../../../../shared/api/segments';

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

/** The next unconfirmed segment after `from`, wrapping round; `from` itself only if alone. */
export function nextUnconfirmed(
  segments: readonly Pick<Segment, 'is_confirmed'>[],
  from: number,
): number | null {
  for (let step = 1; step <= segments.length; step += 1) {
    const index = (from + step) % segments.length;
    if (!segments[index]?.is_confirmed) return index;
  }
  return null;
}
