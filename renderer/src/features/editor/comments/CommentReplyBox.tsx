import { useEffect, useRef, type KeyboardEvent } from 'react';
import { MAX_COMMENT_TEXT } from '../../../../../shared/api/comments';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { useCreateComment } from './comment-mutations';
import { useCommentStore } from './comment-store';

interface CommentReplyBoxProps {
  documentId: number;
  segmentId: number;
  number: number;
  isFirst: boolean;
}

/**
 * Writes a comment on the active segment. Enter sends, Shift+Enter adds a line. While it is being
 * sent the box is read-only (it keeps the focus); if sending fails the text stays in the box.
 */
export function CommentReplyBox({ documentId, segmentId, number, isFirst }: CommentReplyBoxProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const reply = useCommentStore((state) => state.replies[segmentId]);
  const focusRequest = useCommentStore((state) => state.replyFocusRequest);
  const handledRequest = useRef(focusRequest);
  const create = useCreateComment(documentId);
  const text = reply?.text ?? '';
  const quote = reply?.quote ?? null;
  const canSend = text.trim() !== '' && !create.isPending;

  // "Comment" on a selection, or Ctrl+Alt+M, sends the focus here (not on mount or on moving).
  useEffect(() => {
    if (focusRequest === handledRequest.current) return;
    handledRequest.current = focusRequest;
    ref.current?.focus();
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [focusRequest]);

  const send = () => {
    if (!canSend) return;
    create.mutate({
      segment_id: segmentId,
      text,
      ...(quote ? { annotations: [{ text: quote }] } : {}),
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    // Enter (with or without Ctrl) sends here; it must not confirm the segment as well.
    event.preventDefault();
    event.stopPropagation();
    send();
  };

  const label = isFirst ? `Comment on segment ${number}` : `Reply on segment ${number}`;
  return (
    <div className="comment-reply" data-testid="comment-reply">
      {quote ? (
        <div className="comment-quote-draft" data-testid="comment-reply-quote">
          <blockquote className="comment-quote">{quote}</blockquote>
          <button
            type="button"
            className="button button-small"
            aria-label="Remove the quote"
            onClick={() => useCommentStore.getState().setReply(segmentId, { quote: null })}
            disabled={create.isPending}
            data-testid="comment-reply-unquote"
          >
            ×
          </button>
        </div>
      ) : null}
      <textarea
        ref={ref}
        className="comment-textarea"
        value={text}
        rows={2}
        maxLength={MAX_COMMENT_TEXT}
        aria-label={label}
        placeholder={isFirst ? 'Comment on this segment…' : 'Reply…'}
        readOnly={create.isPending}
        aria-disabled={create.isPending || undefined}
        aria-describedby="comment-reply-help"
        onChange={(event) =>
          useCommentStore.getState().setReply(segmentId, { text: event.target.value })
        }
        onKeyDown={onKeyDown}
        data-testid="comment-reply-text"
      />
      <div className="comment-reply-actions">
        <span id="comment-reply-help" className="comment-help">
          <kbd>Enter</kbd> sends · <kbd>Shift</kbd>+<kbd>Enter</kbd> new line
        </span>
        <button
          type="button"
          className="button button-primary button-small"
          disabled={!canSend}
          onClick={send}
          data-testid="comment-reply-send"
        >
          {create.isPending ? 'Sending…' : isFirst ? 'Comment' : 'Reply'}
        </button>
      </div>
      {create.isError ? (
        <ErrorMessage
          error={create.error}
          title="Your comment was not sent. Its text is kept in the box."
          testId="comment-reply-error"
        />
      ) : null}
    </div>
  );
}
