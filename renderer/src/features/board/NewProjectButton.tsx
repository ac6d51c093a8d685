import { useBoardStore } from '../../stores/board-store';

export function NewProjectButton() {
  const openDialog = useBoardStore((state) => state.openDialog);
  return (
    <button
      type="button"
      className="button button-primary"
      onClick={() => openDialog({ kind: 'create' })}
      data-testid="new-project"
    >
      New project
    </button>
  );
}
