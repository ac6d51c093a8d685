import { describe, expect, it } from 'vitest';
import { testSegment } from '../find/test-segments';
import { isReviewStage, nextUnreviewed, reviewedAfter, reviewProgress } from './review';

const state = (is_confirmed: boolean, is_reviewed: boolean) => ({ is_confirmed, is_reviewed });

describe('review', () => {
  it('counts REVIEW and SECONDARY_REVIEW as review stages', () => {
    expect(isReviewStage('REVIEW')).toBe(true);
    expect(isReviewStage('SECONDARY_REVIEW')).toBe(true);
    expect(isReviewStage('TRANSLATE')).toBe(false);
    expect(isReviewStage(null)).toBe(false);
  });

  it('finds the next segment not reviewed, wrapping round and among those shown', () => {
    const segments = [
      state(true, true),
      state(true, false),
      state(false, false),
      state(true, true),
    ];
    expect(nextUnreviewed(segments, 1)).toBe(2);
    expect(nextUnreviewed(segments, 2)).toBe(1);
    expect(nextUnreviewed(segments, 0, [0, 2, 3])).toBe(2);
    expect(nextUnreviewed(segments, 2, [0, 2, 3])).toBe(2);
    expect(nextUnreviewed([state(true, true)], 0)).toBeNull();
    // A review flag on an unconfirmed segment (never sent so by the server) does not count.
    expect(nextUnreviewed([state(false, true)], 0)).toBe(0);
  });

  it('follows the server: a draft or a changed target is no longer reviewed', () => {
    const reviewed = { target: 'Hola', is_reviewed: true };
    expect(reviewedAfter(reviewed, { target: 'Hola' })).toBe(true);
    expect(reviewedAfter(reviewed, { target: 'Hola!' })).toBe(false);
    expect(reviewedAfter(reviewed, { target: 'Hola', is_confirmed: false })).toBe(false);
    expect(reviewedAfter(reviewed, { target: 'Hola', is_reviewed: false })).toBe(false);
    expect(
      reviewedAfter({ target: 'Hola', is_reviewed: false }, { target: 'Hey', is_reviewed: true }),
    ).toBe(true);
  });

  it('counts reviewed words and segments out of the document', () => {
    const progress = reviewProgress([
      testSegment({ word_count: 3, is_confirmed: true, is_reviewed: true }),
      testSegment({ word_count: 6, is_confirmed: true }),
    ]);
    expect(progress).toEqual({ reviewedWords: 3, reviewedSegments: 1, percent: 33 });
    expect(reviewProgress([]).percent).toBe(0);
  });
});
