import { describe, expect, it } from 'vitest';
import type { Segment } from '../../../../../shared/api/segments';
import {
  documentProgress,
  isNewerSegment,
  mergeSegments,
  nextUnconfirmed,
  segmentStatus,
  withSegment,
} from './segments';

const segment = (id: number, revision: number, updated_at: number, target = ''): Segment => ({
  id,
  created_at: 1,
  updated_at,
  document_id: 1,
  memory_id: 1,
  source: `Source ${id}`,
  srclang: 'en',
  target,
  trglang: 'es',
  is_confirmed: false,
  is_reviewed: false,
  index: id - 1,
  match_score: null,
  target_origin: null,
  note: null,
  context_key: null,
  memory_unit_id: null,
  word_count: 2,
  revision,
  updated_by: null,
});

describe('segment status and progress', () => {
  it('tells confirmed, draft and empty apart', () => {
    expect(segmentStatus({ is_confirmed: true, target: 'Hola' })).toBe('confirmed');
    expect(segmentStatus({ is_confirmed: false, target: 'Hola' })).toBe('draft');
    expect(segmentStatus({ is_confirmed: false, target: ' ' })).toBe('empty');
  });

  it('counts confirmed words out of all words', () => {
    expect(
      documentProgress([
        { is_confirmed: true, word_count: 3 },
        { is_confirmed: false, word_count: 6 },
      ]),
    ).toEqual({ confirmedWords: 3, totalWords: 9, confirmedSegments: 1, percent: 33 });
    expect(documentProgress([]).percent).toBe(0);
  });

  it('finds the next unconfirmed segment, wrapping round', () => {
    const segments = [false, true, false, true].map((is_confirmed) => ({ is_confirmed }));
    expect(nextUnconfirmed(segments, 0)).toBe(2);
    expect(nextUnconfirmed(segments, 2)).toBe(0);
    expect(nextUnconfirmed([{ is_confirmed: true }], 0)).toBeNull();
  });

  it('looks for the next unconfirmed segment only among those a filter shows', () => {
    const segments = [false, false, false, true, false].map((is_confirmed) => ({ is_confirmed }));
    // Segments 1, 4 and 5 are shown: after 1 comes 5 (4 is confirmed), then round to 1.
    expect(nextUnconfirmed(segments, 0, [0, 3, 4])).toBe(4);
    expect(nextUnconfirmed(segments, 4, [0, 3, 4])).toBe(0);
    // The active segment need not be shown itself (it was resolved, or the filter just came on).
    expect(nextUnconfirmed(segments, 1, [0, 3])).toBe(0);
    expect(nextUnconfirmed(segments, 0, [])).toBeNull();
    expect(nextUnconfirmed(segments, 0, [3])).toBeNull();
  });
});

describe('newer segments win', () => {
  it('compares the revision, then updated_at', () => {
    expect(isNewerSegment(segment(1, 3, 10), segment(1, 2, 20))).toBe(true);
    expect(isNewerSegment(segment(1, 2, 20), segment(1, 3, 10))).toBe(false);
    expect(isNewerSegment(segment(1, 2, 21), segment(1, 2, 20))).toBe(true);
    expect(isNewerSegment(segment(1, 2, 20), segment(1, 2, 20))).toBe(false);
  });

  it('puts a save answer in place unless the cache holds a later one', () => {
    const cached = [segment(1, 4, 10, 'confirmed'), segment(2, 1, 10)];
    expect(withSegment(cached, segment(1, 3, 9, 'older draft'))).toBe(cached);
    expect(withSegment(cached, segment(1, 5, 11, 'newer'))[0]?.target).toBe('newer');
    expect(withSegment(cached, segment(2, 1, 10, 'same revision'))[1]?.target).toBe(
      'same revision',
    );
  });

  it('keeps the cached copy of a segment saved while a document read was on its way', () => {
    const cached = [segment(1, 2, 20, 'saved'), segment(2, 1, 10)];
    const read = [segment(1, 1, 10, 'before the save'), segment(2, 2, 30, 'changed elsewhere')];
    expect(mergeSegments(cached, read).map((item) => item.target)).toEqual([
      'saved',
      'changed elsewhere',
    ]);
    const fresh = [segment(1, 2, 20, 'saved')];
    expect(mergeSegments(cached, fresh)).toBe(fresh);
    expect(mergeSegments(undefined, fresh)).toBe(fresh);
  });
});
