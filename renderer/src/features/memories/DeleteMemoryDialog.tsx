import { ErrorMessage } from '../../components/ErrorMessage';
import { ModalDialog } from '../../components/ModalDialog';
import { toIpcError } from '../../bridge/ipc-errors';
import { useMemoriesStore } from './memories-store';
import { useDeleteMemory } from './mutations';

/** Asks before deleting a memory; the safe choice has the focus. Projects using it keep it. */
export function DeleteMemoryDialog({ id, name }: { id: number; name: string }) {
  const { closeDialog, showNotice } = useMemoriesStore.getState();
  const deleteMemory = useDeleteMemory({
    onSuccess: () => {
      closeDialog();
      showNotice(`Deleted “${name}”.`);
    },
  });
  const isInUse = deleteMemory.isError && toIpcError(deleteMemory.error).status === 409;
  return (
    <ModalDialog
      labelledBy="confirm-delete-memory-title"
      testId="confirm-delete-memory"
      onClose={closeDialog}
    >
      <div className="modal-body">
        <h2 id="confirm-delete-memory-title">Delete “{name}”?</h2>
        <p>
          Its translation units and terms are deleted from the server. This cannot be undone. Export
          it as TMX first to keep a copy.
        </p>
        {deleteMemory.isError ? (
          <ErrorMessage
            error={deleteMemory.error}
            title={isInUse ? 'The memory is in use' : 'The memory was not deleted'}
            testId="delete-memory-error"
          />
        ) : null}
      </div>
      <div className="modal-actions">
        <button
          type="button"
          className="button"
          // The safe choice takes the focus.
          autoFocus
          onClick={closeDialog}
          data-testid="confirm-delete-memory-cancel"
        >
          {isInUse ? 'Close' : 'Cancel'}
        </button>
        {isInUse ? null : (
          <button
            type="button"
            className="button button-danger"
            disabled={deleteMemory.isPending}
            onClick={() => deleteMemory.mutate({ id })}
            data-testid="confirm-delete-memory-ok"
          >
            {deleteMemory.isPending ? 'Deleting…' : 'Delete memory'}
          </button>
        )}
      </div>
    </ModalDialog>
  );
}
