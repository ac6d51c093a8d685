import type { UseQueryResult } from '@tanstack/react-query';
import type { DocumentComments } from '../../../../../shared/api/comments';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { useResolveThread } from './comment-mutations';
import { summarize, threadOf } from './comment-threads';
import { CommentItem } from './CommentItem';
import { CommentReplyBox } from './CommentReplyBox';

interface CommentThreadProps {
  result: UseQueryResult<DocumentComments>;
  documentId: number;
  segmentId: number;
  /** The segment's number as the grid shows it. */
  number: number;
}

/** The active segment's discussion: its comments oldest first, resolve or reopen, and a reply. */
export function CommentThread({ result, documentId, segmentId, number }: CommentThreadProps) {
  const thread = threadOf(result.data, segmentId);
  const { count, unresolved } = summarize(thread);
  const resolve = useResolveThread(documentId);
  const isResolved = count > 0 && unresolved === 0;
  return (
    <section
      className="editor-panel-section comment-thread"
      aria-labelledby="comment-thread-title"
      aria-busy={result.isFetching}
      data-testid="comment-thread"
      data-resolved={isResolved || undefined}
    >
      <div className="comment-thread-head">
        <h2 id="comment-thread-title" className="editor-panel-title">
          Comments
          {isResolved ? (
            <span className="comment-thread-state" data-testid="comment-thread-state">
              {' '}
              · Resolved
            </span>
          ) : null}
        </h2>
        {count > 0 ? (
          <button
            type="button"
            className="button button-small"
            disabled={resolve.isPending}
            onClick={() => resolve.mutate({ segment_id: segmentId, is_resolved: !isResolved })}
            data-testid={isResolved ? 'comment-thread-reopen' : 'comment-thread-resolve'}
          >
            {isResolved ? 'Reopen thread' : 'Resolve thread'}
          </button>
        ) : null}
      </div>
      {resolve.isError ? (
        <ErrorMessage
          error={resolve.error}
          title={isResolved ? 'The thread was not reopened' : 'The thread was not resolved'}
          testId="comment-thread-error"
        />
      ) : null}
      {result.isError ? (
        <ErrorMessage
          error={result.error}
          title="Could not load the comments"
          onRetry={() => void result.refetch()}
        />
      ) : result.isPending ? (
        <p className="muted">Loading the comments…</p>
      ) : count === 0 ? (
        <p className="muted" data-testid="comment-thread-empty">
          No comments on this segment yet.
        </p>
      ) : (
        <ol className="comment-list" aria-label={`Comments on segment ${number}`}>
          {thread.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
        </ol>
      )}
      <CommentReplyBox
        documentId={documentId}
        segmentId={segmentId}
        number={number}
        isFirst={count === 0}
      />
    </section>
  );
}
