import { useMemo, type ReactNode } from 'react';
import type { Project } from '../../../../shared/api/projects';
import { useBoardStore } from '../../stores/board-store';
import { STATE_LABELS } from '../../components/project-format';
import { useUpdateProject } from './mutations';
import { ProjectActionsContext, type ProjectActions } from './project-actions';

function describeChange(
  project: Pick<Project, 'name'>,
  input: { state?: string; archived?: boolean },
) {
  if (input.archived !== undefined) {
    return `${input.archived ? 'Archived' : 'Unarchived'} “${project.name}”.`;
  }
  const label = STATE_LABELS[input.state as keyof typeof STATE_LABELS] ?? input.state;
  return `Moved “${project.name}” to ${label}.`;
}

/**
 * One mutation for the whole board, so the outcome of a move is reported even when the card that
 * started it has scrolled away or moved to another column. Refusals roll back (in the mutation)
 * and are shown above the board and read out.
 */
export function ProjectActionsProvider({ children }: { children: ReactNode }) {
  const { announce, showAlert, dismissAlert, openDialog, requestFocus } = useBoardStore.getState();
  const update = useUpdateProject({
    onSuccess: (project, input) => announce(describeChange(project, input)),
    onError: (error, input, previous) => {
      const name = previous ? `“${previous.name}”` : `Project ${input.id}`;
      const what =
        input.archived === undefined
          ? `${name} was not moved`
          : `${name} was not ${input.archived ? 'archived' : 'unarchived'}`;
      showAlert({ title: `${what}. It is back where it was.`, error });
      announce(`${what}.`);
      // If the focus was following the card, it goes back with it.
      const { focusRequest } = useBoardStore.getState();
      if (focusRequest?.projectId === input.id) requestFocus({ projectId: input.id });
    },
  });
  const { mutate } = update;
  const actions = useMemo<ProjectActions>(
    () => ({
      move: (project, to) => {
        if (project.state === to) return;
        dismissAlert();
        mutate({ id: project.id, state: to });
      },
      setArchived: (project, isArchived) => {
        dismissAlert();
        mutate({ id: project.id, archived: isArchived });
      },
      askDelete: (project) =>
        openDialog({ kind: 'delete', projectId: project.id, projectName: project.name }),
    }),
    [mutate, dismissAlert, openDialog],
  );
  return <ProjectActionsContext value={actions}>{children}</ProjectActionsContext>;
}
