import { useState, type KeyboardEvent } from 'react';
import type { Comment } from '../../../../../shared/api/comments';
import { MAX_COMMENT_TEXT } from '../../../../../shared/api/comments';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { useUpdateComment } from './comment-mutations';
import { useCommentStore } from './comment-store';

/** Your comment's text, edited in place: Enter saves, Shift+Enter adds a line, Esc cancels. */
export function CommentEditForm({ comment }: { comment: Comment }) {
  const [text, setText] = useState(comment.text);
  const update = useUpdateComment(comment.document_id);
  const cancel = () => useCommentStore.getState().setEditing(null);
  const canSave = text.trim() !== '' && !update.isPending;
  const save = () => {
    if (!canSave) return;
    if (text === comment.text) cancel();
    else update.mutate({ comment_id: comment.id, text });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      cancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.stopPropagation();
      save();
    }
  };

  return (
    <div className="comment-edit" data-testid="comment-edit-form">
      <textarea
        className="comment-textarea"
        value={text}
        rows={2}
        maxLength={MAX_COMMENT_TEXT}
        autoFocus
        aria-label="Your comment"
        readOnly={update.isPending}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        data-testid="comment-edit-text"
      />
      <div className="comment-reply-actions">
        <button type="button" className="button button-small" onClick={cancel}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-primary button-small"
          disabled={!canSave}
          onClick={save}
          data-testid="comment-edit-save"
        >
          {update.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
      {update.isError ? (
        <ErrorMessage
          error={update.error}
          title="Your change was not saved. Your text is kept in the box."
          testId="comment-edit-error"
        />
      ) : null}
    </div>
  );
}
