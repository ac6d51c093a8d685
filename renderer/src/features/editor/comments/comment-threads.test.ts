import { describe, expect, it } from 'vitest';
import type { Comment, DocumentComments } from '../../../../../shared/api/comments';
import {
  badgeLabel,
  summarize,
  threadOf,
  unresolvedSegmentIds,
  unresolvedThreadsLabel,
  withComment,
  withoutComment,
  withThread,
} from './comment-threads';

const comment = (id: number, segmentId: number, isResolved = false): Comment => ({
  id,
  text: `Comment ${id}`,
  annotations: [],
  is_resolved: isResolved,
  document_id: 1,
  segment_id: segmentId,
  segment_revision_id: 1,
  user_id: 1,
  created_at: 1_700_000_000 + id,
  updated_at: 1_700_000_000 + id,
  user_name: 'Ana',
  is_mine: true,
});

const LIST: DocumentComments = {
  '10': [comment(1, 10), comment(2, 10, true)],
  '11': [comment(3, 11, true)],
};

describe('comment threads', () => {
  it('finds a thread by segment id and sums it up', () => {
    expect(threadOf(LIST, 10).map((item) => item.id)).toEqual([1, 2]);
    expect(threadOf(LIST, 99)).toEqual([]);
    expect(threadOf(undefined, 10)).toEqual([]);
    expect(summarize(threadOf(LIST, 10))).toEqual({ count: 2, unresolved: 1 });
  });

  it('counts as unresolved only the segments with an unresolved comment', () => {
    expect([...unresolvedSegmentIds(LIST)]).toEqual([10]);
    expect(unresolvedSegmentIds(undefined).size).toBe(0);
    expect(unresolvedThreadsLabel(1)).toBe('1 unresolved thread');
    expect(unresolvedThreadsLabel(0)).toBe('0 unresolved threads');
  });

  it('labels the badge for screen readers', () => {
    expect(badgeLabel({ count: 2, unresolved: 1 })).toBe('2 comments, 1 unresolved');
    expect(badgeLabel({ count: 1, unresolved: 0 })).toBe('1 comment, resolved');
  });

  it('changes the cached list without touching the original', () => {
    const added = withThread(LIST, 12, (thread) => [...thread, comment(4, 12)]);
    expect(Object.keys(added)).toEqual(['10', '11', '12']);
    expect(LIST['12']).toBeUndefined();

    const edited = withComment(LIST, { ...comment(2, 10), text: 'Changed' });
    expect(edited['10']?.map((item) => item.text)).toEqual(['Comment 1', 'Changed']);
    expect(LIST['10']?.[1]?.text).toBe('Comment 2');

    const removed = withoutComment(LIST, 3);
    expect(Object.keys(removed)).toEqual(['10']);
    expect(withThread(LIST, 11, () => [])).toEqual({ '10': LIST['10'] });
  });
});
