import { useCallback, useMemo } from 'react';
import { PROJECT_STATES, type Project, type ProjectState } from '../../../../shared/api/projects';
import { useBoardStore } from '../../stores/board-store';
import { BoardColumn } from './BoardColumn';
import { groupByState } from './group-projects';
import { useNow } from './use-now';

interface BoardProps {
  projects: readonly Project[];
  /** With a state filter, only that column is shown. */
  onlyState: ProjectState | null;
}

/** The columns, left to right in workflow order. */
export function Board({ projects, onlyState }: BoardProps) {
  const columns = useMemo(() => groupByState(projects), [projects]);
  const states = onlyState ? [onlyState] : PROJECT_STATES;
  const nowMs = useNow();
  const { requestFocus } = useBoardStore.getState();

  // ←/→: the card at the same height in the nearest column that has cards.
  const onFocusAcross = useCallback(
    (from: ProjectState, index: number, step: -1 | 1) => {
      const shown = onlyState ? [onlyState] : PROJECT_STATES;
      for (let at = shown.indexOf(from) + step; at >= 0 && at < shown.length; at += step) {
        const column = columns[shown[at] as ProjectState];
        const target = column[Math.min(index, column.length - 1)];
        if (target) {
          requestFocus({ projectId: target.id });
          return;
        }
      }
    },
    [columns, onlyState, requestFocus],
  );

  return (
    <div
      className={onlyState ? 'board board-single' : 'board'}
      data-testid="board"
      role="group"
      aria-label="Projects by state"
    >
      {states.map((state) => (
        <BoardColumn
          key={state}
          state={state}
          projects={columns[state]}
          nowMs={nowMs}
          onFocusAcross={onFocusAcross}
        />
      ))}
    </div>
  );
}
