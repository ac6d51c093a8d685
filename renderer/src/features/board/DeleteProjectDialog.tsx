import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { useBoardStore } from '../../stores/board-store';
import { useDeleteProject } from './mutations';

interface DeleteProjectDialogProps {
  projectId: number;
  projectName: string;
}

/** Asks before deleting a project. */
export function DeleteProjectDialog({ projectId, projectName }: DeleteProjectDialogProps) {
  const { closeDialog, announce, requestFocus } = useBoardStore.getState();
  // Kept: the focus goes back to the card (the menu that opened the dialog is gone).
  const cancel = () => {
    closeDialog();
    requestFocus({ projectId });
  };
  const deleteProject = useDeleteProject({
    onSuccess: () => announce(`Deleted “${projectName}”.`),
  });
  return (
    <ConfirmDeleteDialog
      testId="confirm-delete"
      okTestId="confirm-delete-submit"
      title={`Delete “${projectName}”?`}
      confirmLabel="Delete project"
      onConfirm={() => deleteProject.mutate({ id: projectId }, { onSuccess: () => closeDialog() })}
      onClose={cancel}
      isPending={deleteProject.isPending}
      error={deleteProject.error}
      errorTitle="The project was not deleted"
    >
      <p>
        The project and its documents are deleted from the server. This cannot be undone. To keep it
        out of sight instead, archive it.
      </p>
    </ConfirmDeleteDialog>
  );
}
