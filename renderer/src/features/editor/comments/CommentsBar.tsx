import type { UseQueryResult } from '@tanstack/react-query';
import type { DocumentComments } from '../../../../../shared/api/comments';
import { unresolvedThreadsLabel } from './comment-threads';
import { useCommentStore } from './comment-store';

interface CommentsBarProps {
  result: UseQueryResult<DocumentComments>;
  unresolvedThreads: number;
}

/** The document's open discussions, and the filter that shows only the segments they are on. */
export function CommentsBar({ result, unresolvedThreads }: CommentsBarProps) {
  const isUnresolvedOnly = useCommentStore((state) => state.isUnresolvedOnly);
  return (
    <div className="editor-comments-bar" data-testid="editor-comments-bar">
      <span
        className={
          unresolvedThreads > 0
            ? 'editor-unresolved-threads editor-unresolved-threads-open'
            : 'editor-unresolved-threads'
        }
        data-testid="editor-unresolved-threads"
        data-count={result.isSuccess ? unresolvedThreads : undefined}
      >
        {result.isError
          ? 'Comments could not be loaded'
          : result.isPending
            ? 'Loading comments…'
            : unresolvedThreadsLabel(unresolvedThreads)}
      </span>
      <label className="editor-filter">
        <input
          type="checkbox"
          checked={isUnresolvedOnly}
          disabled={!result.isSuccess}
          onChange={(event) => useCommentStore.getState().setUnresolvedOnly(event.target.checked)}
          data-testid="filter-unresolved-comments"
        />
        Unresolved comments only
      </label>
    </div>
  );
}
