import type { Comment, DocumentComments } from '../../../../../shared/api/comments';

/** What a segment row shows of its thread. */
export interface ThreadSummary {
  count: number;
  unresolved: number;
}

const NO_COMMENTS: readonly Comment[] = [];

/** A segment's comments, oldest first (the list keys segment ids as strings). */
export function threadOf(comments: DocumentComments | undefined, segmentId: number) {
  return comments?.[String(segmentId)] ?? NO_COMMENTS;
}

export function summarize(thread: readonly Comment[]): ThreadSummary {
  return {
    count: thread.length,
    unresolved: thread.filter((comment) => !comment.is_resolved).length,
  };
}

/** Segments with at least one unresolved comment. */
export function unresolvedSegmentIds(comments: DocumentComments | undefined): Set<number> {
  const ids = new Set<number>();
  for (const [segmentId, thread] of Object.entries(comments ?? {})) {
    if (thread.some((comment) => !comment.is_resolved)) ids.add(Number(segmentId));
  }
  return ids;
}

/** The list with one segment's thread changed (an emptied thread drops its key, as the API does). */
export function withThread(
  comments: DocumentComments | undefined,
  segmentId: number,
  change: (thread: readonly Comment[]) => readonly Comment[],
): DocumentComments {
  const next = { ...comments };
  const thread = [...change(threadOf(comments, segmentId))];
  if (thread.length === 0) delete next[String(segmentId)];
  else next[String(segmentId)] = thread;
  return next;
}

/** The comment with an id replaced by its new version, wherever it sits. */
export function withComment(
  comments: DocumentComments | undefined,
  comment: Comment,
): DocumentComments {
  return withThread(comments, comment.segment_id, (thread) =>
    thread.map((item) => (item.id === comment.id ? comment : item)),
  );
}

/** The list without one comment (its segment is not known from the delete's answer). */
export function withoutComment(
  comments: DocumentComments | undefined,
  commentId: number,
): DocumentComments {
  const next: DocumentComments = {};
  for (const [segmentId, thread] of Object.entries(comments ?? {})) {
    const kept = thread.filter((comment) => comment.id !== commentId);
    if (kept.length > 0) next[segmentId] = kept;
  }
  return next;
}

/** "1 unresolved thread", "3 unresolved threads". */
export function unresolvedThreadsLabel(count: number): string {
  return `${count.toLocaleString()} unresolved ${count === 1 ? 'thread' : 'threads'}`;
}

/** What the badge says to a screen reader. */
export function badgeLabel({ count, unresolved }: ThreadSummary): string {
  const comments = `${count} ${count === 1 ? 'comment' : 'comments'}`;
  if (unresolved === 0) return `${comments}, resolved`;
  return `${comments}, ${unresolved} unresolved`;
}
