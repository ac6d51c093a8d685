import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { toIpcError } from '../../bridge/ipc-errors';
import { useMemoriesStore } from './memories-store';
import { useDeleteMemory } from './mutations';

/** Asks before deleting a memory. Projects using it keep it: the server refuses (409). */
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
    <ConfirmDeleteDialog
      testId="confirm-delete-memory"
      title={`Delete “${name}”?`}
      confirmLabel="Delete memory"
      onConfirm={() => deleteMemory.mutate({ id })}
      onClose={closeDialog}
      isPending={deleteMemory.isPending}
      isBlocked={isInUse}
      error={deleteMemory.error}
      errorTitle={isInUse ? 'The memory is in use' : 'The memory was not deleted'}
      errorTestId="delete-memory-error"
    >
      <p>
        Its translation units and terms are deleted from the server. This cannot be undone. Export
        it as TMX first to keep a copy.
      </p>
    </ConfirmDeleteDialog>
  );
}
