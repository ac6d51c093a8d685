import type { DragEvent } from 'react';
import type { ProjectState } from '../../../../shared/api/projects';
import { useBoardStore } from '../../stores/board-store';
import { isProjectDrag, PROJECT_DRAG_TYPE } from './drag';
import { useProjectActions } from './project-actions';

/** Makes a column a drop target for project cards from other columns. */
export function useColumnDrop(state: ProjectState) {
  const actions = useProjectActions();
  const isTarget = useBoardStore(
    (store) => store.dropTarget === state && store.drag !== null && store.drag.from !== state,
  );
  const { setDropTarget, endDrag } = useBoardStore.getState();

  const accepts = (event: DragEvent) => isProjectDrag(event.dataTransfer);

  const handlers = {
    onDragEnter: (event: DragEvent<HTMLElement>) => {
      if (!accepts(event)) return;
      event.preventDefault();
      setDropTarget(state);
    },
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!accepts(event)) return;
      event.preventDefault();
      const { drag } = useBoardStore.getState();
      event.dataTransfer.dropEffect = drag?.from === state ? 'none' : 'move';
      if (useBoardStore.getState().dropTarget !== state) setDropTarget(state);
    },
    onDragLeave: (event: DragEvent<HTMLElement>) => {
      // Leaving for one of the column's own children is not leaving the column.
      if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
      if (useBoardStore.getState().dropTarget === state) setDropTarget(null);
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      if (!accepts(event)) return;
      event.preventDefault();
      const id = Number(event.dataTransfer.getData(PROJECT_DRAG_TYPE));
      const { drag } = useBoardStore.getState();
      endDrag();
      // Only a card dragged from this board: its column is known, so is the move.
      if (drag?.projectId === id && drag.from !== state) {
        actions.move({ id, state: drag.from }, state);
      }
    },
  };
  return { isTarget, handlers };
}
