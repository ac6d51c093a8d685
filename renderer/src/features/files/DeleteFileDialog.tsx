import { ErrorMessage } from '../../components/ErrorMessage';
import { ModalDialog } from '../../components/ModalDialog';
import { useFilesStore } from './files-store';
import { useDeleteFile } from './mutations';

/** Asks before deleting a file; the safe choice has the focus. */
export function DeleteFileDialog({ id, name }: { id: number; name: string }) {
  const { closeDelete, showNotice } = useFilesStore.getState();
  const deleteFile = useDeleteFile({
    onSuccess: () => {
      closeDelete();
      showNotice(`Deleted ${name}.`);
    },
  });
  return (
    <ModalDialog
      labelledBy="confirm-delete-file-title"
      testId="confirm-delete-file"
      onClose={closeDelete}
      className="files-dialog"
    >
      <div className="files-dialog-body">
        <h2 id="confirm-delete-file-title">Delete “{name}”?</h2>
        <p>The file and its labels are deleted from the server. This cannot be undone.</p>
        {deleteFile.isError ? (
          <ErrorMessage error={deleteFile.error} title="The file was not deleted" />
        ) : null}
      </div>
      <div className="files-dialog-actions">
        <button
          type="button"
          className="button"
          // The safe choice takes the focus.
          autoFocus
          onClick={closeDelete}
          data-testid="confirm-delete-file-cancel"
        >
          Cancel
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={deleteFile.isPending}
          onClick={() => deleteFile.mutate({ id })}
          data-testid="confirm-delete-file-ok"
        >
          {deleteFile.isPending ? 'Deleting…' : 'Delete file'}
        </button>
      </div>
    </ModalDialog>
  );
}
