import type { Comment } from '../../../../../shared/api/comments';
import { useCommentStore } from './comment-store';
import { CommentEditForm } from './CommentEditForm';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One comment: who and when, the part of the segment it quotes, and its text. */
export function CommentItem({ comment }: { comment: Comment }) {
  const isEditing = useCommentStore((state) => state.editingId === comment.id);
  const createdAt = new Date(comment.created_at * 1000);
  return (
    <li
      className={comment.is_resolved ? 'comment comment-resolved' : 'comment'}
      data-testid="comment"
      data-comment-id={comment.id}
      data-resolved={comment.is_resolved || undefined}
      data-mine={comment.is_mine || undefined}
    >
      <p className="comment-meta">
        <span className="comment-author" data-testid="comment-author">
          {comment.user_name}
        </span>
        <time dateTime={createdAt.toISOString()} data-testid="comment-time">
          {timeFormat.format(createdAt)}
        </time>
        {comment.is_resolved ? <span className="comment-resolved-label">Resolved</span> : null}
      </p>
      {comment.annotations.map((annotation, index) => (
        <blockquote key={index} className="comment-quote" data-testid="comment-quote">
          {annotation.text}
        </blockquote>
      ))}
      {isEditing ? (
        <CommentEditForm comment={comment} />
      ) : (
        <>
          <p className="comment-text" data-testid="comment-text">
            {comment.text}
          </p>
          {comment.is_mine ? (
            <div className="comment-actions">
              <button
                type="button"
                className="link-button"
                onClick={() => useCommentStore.getState().setEditing(comment.id)}
                data-testid="comment-edit"
              >
                Edit<span className="visually-hidden"> your comment</span>
              </button>
              <button
                type="button"
                className="link-button button-danger-quiet"
                onClick={() =>
                  useCommentStore
                    .getState()
                    .askDelete({ id: comment.id, documentId: comment.document_id })
                }
                data-testid="comment-delete"
              >
                Delete<span className="visually-hidden"> your comment</span>
              </button>
            </div>
          ) : null}
        </>
      )}
    </li>
  );
}
