import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { useFilesStore } from './files-store';
import { useDeleteFile } from './mutations';

/** Asks before deleting a file. */
export function DeleteFileDialog({ id, name }: { id: number; name: string }) {
  const { closeDelete, showNotice } = useFilesStore.getState();
  const deleteFile = useDeleteFile({
    onSuccess: () => {
      closeDelete();
      showNotice(`Deleted ${name}.`);
    },
  });
  return (
    <ConfirmDeleteDialog
      testId="confirm-delete-file"
      title={`Delete “${name}”?`}
      confirmLabel="Delete file"
      onConfirm={() => deleteFile.mutate({ id })}
      onClose={closeDelete}
      isPending={deleteFile.isPending}
      error={deleteFile.error}
      errorTitle="The file was not deleted"
    >
      <p>The file and its labels are deleted from the server. This cannot be undone.</p>
    </ConfirmDeleteDialog>
  );
}
