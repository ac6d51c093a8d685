import { ErrorMessage } from '../../components/ErrorMessage';
import { ModalDialog } from '../../components/ModalDialog';
import { useMemoriesStore } from './memories-store';
import { useDeleteUnit } from './mutations';

interface DeleteUnitDialogProps {
  memoryId: number;
  segmentId: number;
  source: string;
}

/** Asks before deleting one translation unit; the search runs again without it. */
export function DeleteUnitDialog({ memoryId, segmentId, source }: DeleteUnitDialogProps) {
  const { closeDialog, showNotice } = useMemoriesStore.getState();
  const deleteUnit = useDeleteUnit({
    onSuccess: () => {
      closeDialog();
      showNotice('Deleted the unit from the memory.');
    },
  });
  return (
    <ModalDialog
      labelledBy="confirm-delete-unit-title"
      testId="confirm-delete-unit"
      onClose={closeDialog}
    >
      <div className="modal-body">
        <h2 id="confirm-delete-unit-title">Delete this unit?</h2>
        <blockquote className="memory-unit-quote">{source}</blockquote>
        <p>The unit and its translation are removed from the memory. This cannot be undone.</p>
        {deleteUnit.isError ? (
          <ErrorMessage error={deleteUnit.error} title="The unit was not deleted" />
        ) : null}
      </div>
      <div className="modal-actions">
        <button
          type="button"
          className="button"
          // The safe choice takes the focus.
          autoFocus
          onClick={closeDialog}
          data-testid="confirm-delete-unit-cancel"
        >
          Cancel
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={deleteUnit.isPending}
          onClick={() => deleteUnit.mutate({ id: memoryId, segment_id: segmentId })}
          data-testid="confirm-delete-unit-ok"
        >
          {deleteUnit.isPending ? 'Deleting…' : 'Delete unit'}
        </button>
      </div>
    </ModalDialog>
  );
}
