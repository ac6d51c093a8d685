import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { useDeleteComment } from './comment-mutations';
import { useCommentStore } from './comment-store';

/** The thread's reply box, else the active target: where the focus goes once a comment is gone. */
const afterDelete = () =>
  window.document.querySelector<HTMLElement>('[data-testid="comment-reply-text"]') ??
  window.document.querySelector<HTMLElement>('[data-testid="segment-editor"]');

/** Asks before deleting one of your comments. */
export function DeleteCommentDialog({ id, documentId }: { id: number; documentId: number }) {
  const close = () => useCommentStore.getState().askDelete(null);
  const remove = useDeleteComment(documentId);
  return (
    <ConfirmDeleteDialog
      testId="confirm-delete-comment"
      title="Delete your comment?"
      confirmLabel="Delete comment"
      onConfirm={() => remove.mutate({ comment_id: id })}
      onClose={close}
      isPending={remove.isPending}
      error={remove.error}
      errorTitle="The comment was not deleted"
      fallbackFocus={afterDelete}
    >
      <p>It is removed from the thread for everyone. This cannot be undone.</p>
    </ConfirmDeleteDialog>
  );
}
