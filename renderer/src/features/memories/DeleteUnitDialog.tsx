import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
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
    <ConfirmDeleteDialog
      testId="confirm-delete-unit"
      title="Delete this unit?"
      confirmLabel="Delete unit"
      onConfirm={() => deleteUnit.mutate({ id: memoryId, segment_id: segmentId })}
      onClose={closeDialog}
      isPending={deleteUnit.isPending}
      error={deleteUnit.error}
      errorTitle="The unit was not deleted"
    >
      <blockquote className="memory-unit-quote">{source}</blockquote>
      <p>The unit and its translation are removed from the memory. This cannot be undone.</p>
    </ConfirmDeleteDialog>
  );
}
