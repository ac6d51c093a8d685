import { ErrorMessage } from '../../components/ErrorMessage';
import { ModalDialog } from '../../components/ModalDialog';
import { useBoardStore } from '../../stores/board-store';
import { useDeleteProject } from './mutations';

interface DeleteProjectDialogProps {
  projectId: number;
  projectName: string;
}

/** Asks before deleting a project; the safe choice has the focus. */
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
  const confirm = () => deleteProject.mutate({ id: projectId }, { onSuccess: () => closeDialog() });
  return (
    <ModalDialog labelledBy="confirm-delete-title" testId="confirm-delete" onClose={cancel}>
      <div className="modal-body">
        <h2 id="confirm-delete-title">Delete “{projectName}”?</h2>
        <p>
          The project and its documents are deleted from the server. This cannot be undone. To keep
          it out of sight instead, archive it.
        </p>
        {deleteProject.isError ? (
          <ErrorMessage error={deleteProject.error} title="The project was not deleted" />
        ) : null}
      </div>
      <div className="modal-actions">
        <button
          type="button"
          className="button"
          // The safe choice takes the focus.
          autoFocus
          onClick={cancel}
          data-testid="confirm-delete-cancel"
        >
          Cancel
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={deleteProject.isPending}
          onClick={confirm}
          data-testid="confirm-delete-submit"
        >
          {deleteProject.isPending ? 'Deleting…' : 'Delete project'}
        </button>
      </div>
    </ModalDialog>
  );
}
