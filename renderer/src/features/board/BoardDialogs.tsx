import { useBoardStore } from '../../stores/board-store';
import { CreateProjectDialog } from './CreateProjectDialog';
import { DeleteProjectDialog } from './DeleteProjectDialog';

/** The one dialog the board has open, if any. */
export function BoardDialogs() {
  const dialog = useBoardStore((state) => state.dialog);
  if (dialog?.kind === 'create') return <CreateProjectDialog />;
  if (dialog?.kind === 'delete') {
    return (
      <DeleteProjectDialog
        key={dialog.projectId}
        projectId={dialog.projectId}
        projectName={dialog.projectName}
      />
    );
  }
  return null;
}
