import { createContext, useContext } from 'react';
import type { Project, ProjectState } from '../../../../shared/api/projects';

/** What a card can do to its project; provided once for the whole board. */
export interface ProjectActions {
  move: (project: Pick<Project, 'id' | 'state'>, to: ProjectState) => void;
  setArchived: (project: Project, isArchived: boolean) => void;
  askDelete: (project: Project) => void;
}

export const ProjectActionsContext = createContext<ProjectActions | null>(null);

export function useProjectActions(): ProjectActions {
  const actions = useContext(ProjectActionsContext);
  if (!actions) throw new Error('useProjectActions needs a ProjectActionsProvider above it.');
  return actions;
}
