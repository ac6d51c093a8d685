import { ErrorMessage } from '../../components/ErrorMessage';
import { ModalDialog } from '../../components/ModalDialog';
import { useDeleteComment } from './comment-mutations';
import { useCommentStore } from './comment-store';

/** The thread's reply box, else the active target: where the focus goes once a comment is gone. */
const afterDelete = () =>
  window.document.querySelector<HTMLElement>('[data-testid="comment-reply-text"]') ??
  window.document.querySelector<HTMLElement>('[data-testid="segment-editor"]');

/** Asks before deleting one of your comments; the safe choice has the focus. */
export function DeleteCommentDialog({ id, documentId }: { id: number; documentId: number }) {
  const close = () => useCommentStore.getState().askDelete(null);
  const remove = useDeleteComment(documentId);
  return (
    <ModalDialog
      labelledBy="confirm-delete-comment-title"
      testId="confirm-delete-comment"
      onClose={close}
      fallbackFocus={afterDelete}
    >
      <div className="editor-dialog-body">
        <h2 id="confirm-delete-comment-title">Delete your comment?</h2>
        <p>It is removed from the thread for everyone. This cannot be undone.</p>
        {remove.isError ? (
          <ErrorMessage error={remove.error} title="The comment was not deleted" />
        ) : null}
      </div>
      <div className="editor-dialog-actions">
        <button type="button" className="button" autoFocus onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={remove.isPending}
          onClick={() => remove.mutate({ comment_id: id })}
          data-testid="confirm-delete-comment-ok"
        >
          {remove.isPending ? 'Deleting…' : 'Delete comment'}
        </button>
      </div>
    </ModalDialog>
  );
}
